import { Select, type SelectProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type FormSelectProps<T extends FieldValues> = Omit<SelectProps, 'value' | 'onChange' | 'error' | 'name'> & {
  control: Control<T>;
  name: Path<T>;
  /** Runs after the field changes (e.g. a new estado clears the municipio). */
  onPicked?: (value: string) => void;
};

/**
 * A Mantine Select bound to a react-hook-form string field: an empty string means nothing
 * picked (what the schemas expect), and the field's own error is shown under it.
 */
export function FormSelect<T extends FieldValues>({ control, name, onPicked, ...select }: FormSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...select}
          value={field.value || null}
          onChange={(v) => {
            field.onChange(v ?? '');
            onPicked?.(v ?? '');
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
