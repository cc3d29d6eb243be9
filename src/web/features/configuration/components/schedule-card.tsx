import { CalendarClockIcon } from 'lucide-react';
import { CONFIGURATION_DEFAULTS, DAYS_BEFORE_EXPIRATION_RANGE, PASSWORD_VALIDITY_DAYS_RANGE } from '../../../../shared/domain/configuration-defaults';
import { WEEKEND_PROCESSING_VALUES, type WeekendProcessing } from '../../../../shared/domain/schedule';
import { Card, CardContent, CardDescription, CardHeader, CardIconTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { configurationFieldId, useConfigurationForm } from '../hooks/configuration-form';
import { WEEKEND_PROCESSING_OPTIONS } from '../utils/schedule-options';
import { ConfigurationTextField } from './configuration-text-field';
import { TimeZoneField } from './time-zone-field';

const isWeekendProcessing = (value: string): value is WeekendProcessing => (WEEKEND_PROCESSING_VALUES as readonly string[]).includes(value);

/** When the daily check runs and whom it reminds. */
export function ScheduleCard() {
  const { values, errors, setField } = useConfigurationForm();
  const weekend = WEEKEND_PROCESSING_OPTIONS.find((option) => option.value === values?.weekendProcessing);

  return (
    <Card>
      <CardHeader>
        <CardIconTitle icon={CalendarClockIcon}>Schedule Settings</CardIconTitle>
        <CardDescription>The daily check reads every password&apos;s expiry date and emails the users whose reminder is due.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-2">
        <ConfigurationTextField field="checkTime" label="Check Time" type="time" hint="24-hour time in the organization's time zone." />
        <TimeZoneField />
        <ConfigurationTextField
          field="daysBeforeExpiration"
          label="Days Before Expiration"
          type="number"
          inputMode="numeric"
          min={DAYS_BEFORE_EXPIRATION_RANGE.min}
          max={DAYS_BEFORE_EXPIRATION_RANGE.max}
          hint={`Start reminding this many days before a password expires (${DAYS_BEFORE_EXPIRATION_RANGE.min} to ` + `${DAYS_BEFORE_EXPIRATION_RANGE.max}).`}
        />
        <FormField id={configurationFieldId('weekendProcessing')} label="Weekend Processing" hint={weekend?.description} error={errors.weekendProcessing}>
          {(control) => (
            <Select
              value={values?.weekendProcessing}
              onValueChange={(choice) => {
                if (isWeekendProcessing(choice)) setField('weekendProcessing', choice);
              }}
            >
              <SelectTrigger {...control}>
                <SelectValue placeholder="Select weekend processing" />
              </SelectTrigger>
              <SelectContent>
                {WEEKEND_PROCESSING_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <ConfigurationTextField
          field="passwordValidityDays"
          label="Password Validity (days)"
          type="number"
          inputMode="numeric"
          min={PASSWORD_VALIDITY_DAYS_RANGE.min}
          max={PASSWORD_VALIDITY_DAYS_RANGE.max}
          hint={
            `Used when a domain has no password policy of its own (${PASSWORD_VALIDITY_DAYS_RANGE.min} to ` +
            `${PASSWORD_VALIDITY_DAYS_RANGE.max}; default ${CONFIGURATION_DEFAULTS.passwordValidityDays}).`
          }
        />
      </CardContent>
    </Card>
  );
}
