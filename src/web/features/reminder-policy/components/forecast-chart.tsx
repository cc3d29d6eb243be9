// Loaded on its own (React.lazy in forecast-card.tsx): the chart library stays out of the landing
// page and out of the dashboard's first paint.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Forecast } from '../../../../shared/api/reminder-policy';
import { formatDateUs } from '../../../../shared/domain/us-format';

/** Month/day for the axis ('3/15'); the table alternative gives the full dates. */
const shortDate = (date: string) => formatDateUs(date).replace(/\/\d{4}$/, '');

export default function ForecastChart({ days }: { days: Forecast['days'] }) {
  return (
    // The figure's accessible name and summary come from the card; the SVG itself is decoration to a screen reader.
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDate} interval="preserveStartEnd" minTickGap={16} fontSize={12} />
          <YAxis allowDecimals={false} width={40} fontSize={12} />
          <Tooltip labelFormatter={(date) => formatDateUs(String(date))} />
          <Legend />
          <Bar dataKey="expiries" name="Passwords expiring" fill="#f59e0b" isAnimationActive={false} />
          <Line dataKey="reminders" name="Reminders planned" stroke="#1d4ed8" strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
