import { useId, useMemo, useState } from 'react';
import { TIME_ZONE_OPTIONS } from '../../../../shared/domain/time-zones';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';
import { isOfferedTimeZone, listIanaTimeZones, OTHER_TIME_ZONE } from '../utils/schedule-options';

/**
 * The five offered zones (docs/product.md §Constants), plus "Other time zone" for any IANA zone, typed with suggestions from
 * the browser's list. The error sits under whichever control holds the value.
 */
export function TimeZoneField() {
  const { values, errors, setField } = useConfigurationForm();
  const timeZone = values?.timeZone ?? '';
  const [choosingOther, setChoosingOther] = useState(false);
  const showOther = choosingOther || (timeZone !== '' && !isOfferedTimeZone(timeZone));
  const allZones = useMemo(listIanaTimeZones, []);
  const listId = useId();
  const fieldId = configurationFieldId('timeZone');

  return (
    <div className="grid gap-3">
      <FormField id={showOther ? `${fieldId}-choice` : fieldId} label="Time Zone" error={showOther ? undefined : errors.timeZone}>
        {(control) => (
          <Select
            value={showOther ? OTHER_TIME_ZONE : timeZone}
            onValueChange={(choice) => {
              setChoosingOther(choice === OTHER_TIME_ZONE);
              if (choice !== OTHER_TIME_ZONE) setField('timeZone', choice);
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Select a time zone" />
            </SelectTrigger>
            <SelectContent>
              {TIME_ZONE_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
              <SelectSeparator />
              <SelectItem value={OTHER_TIME_ZONE}>Other time zone…</SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>
      {showOther && (
        <FormField id={fieldId} label="IANA time zone" hint="Start typing a city or region, e.g. Europe/London." error={errors.timeZone}>
          {(control) => (
            <>
              <Input
                {...control}
                list={listId}
                autoComplete="off"
                spellCheck={false}
                placeholder="Europe/London"
                value={timeZone}
                onChange={(event) => setField('timeZone', event.target.value)}
              />
              <datalist id={listId}>
                {allZones.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      )}
    </div>
  );
}
