import 'dayjs/locale/es';
import type { DatesProviderSettings } from '@mantine/dates';

/**
 * Calendars as in Mexico: Spanish month and day names, weeks starting on Monday. Loading the
 * dayjs locale here keeps it next to the only place that names it.
 */
export const datesSettings: DatesProviderSettings = { locale: 'es', firstDayOfWeek: 1, weekendDays: [0, 6] };
