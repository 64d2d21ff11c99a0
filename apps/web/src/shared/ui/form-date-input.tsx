import { DateInput, type DateInputProps } from '@mantine/dates';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseDayFirst } from '../format/parse-day';

type FormDateInputProps<T extends FieldValues> = Omit<DateInputProps, 'value' | 'defaultValue' | 'onChange' | 'error' | 'name'> & {
  control: Control<T>;
  name: Path<T>;
};

/**
 * A calendar-day field bound to a react-hook-form string field. The user sees and types
 * dd/mm/aaaa (Spanish calendar from the app's DatesProvider); the form keeps the ISO
 * "YYYY-MM-DD" the API expects, and an empty string when the field is blank.
 */
export function FormDateInput<T extends FieldValues>({ control, name, ...input }: FormDateInputProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateInput
          valueFormat="DD/MM/YYYY"
          placeholder={t('app.datePlaceholder')}
          dateParser={parseDayFirst}
          clearable
          {...input}
          ref={field.ref}
          value={(field.value as string | undefined) || null}
          onChange={(v) => field.onChange(v ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
