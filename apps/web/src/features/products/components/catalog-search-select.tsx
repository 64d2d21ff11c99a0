import { useMemo, useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogSearchQuery, type CatalogKind } from '../api/products-api';

interface Props {
  kind: CatalogKind;
  label: string;
  description?: string;
  value: string;
  /** Description of the current value, so an edited product shows it before any search. */
  initialLabel?: string;
  onChange: (clave: string, descripcion: string) => void;
  error?: string;
}

const MIN_CHARS = 3;

/**
 * Autocomplete over a SAT catalog: the server ranks the matches (words, accents ignored, or clave),
 * so the list is shown as it comes, without filtering it again here.
 */
export function CatalogSearchSelect({ kind, label, description, value, initialLabel, onChange, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const minChars = kind === 'unit' ? 1 : MIN_CHARS;
  const enabled = debounced.length >= minChars && debounced !== chosen?.label;
  const hits = useQuery({ ...catalogSearchQuery(kind, debounced), enabled });
  // A value set from outside (a draft copied from a stamped XML, a credit note's fixed clave) has no option in
  // the list: Mantine's Select would show it empty. Look its description up by clave, and show the bare clave
  // meanwhile or when the catalog does not know it.
  const needsLabel = !!value && !initialLabel && chosen?.value !== value;
  const own = useQuery({ ...catalogSearchQuery(kind, value), enabled: needsLabel });

  const data = useMemo(() => {
    const options = (hits.data ?? []).map((h) => ({ value: h.clave, label: `${h.clave} - ${h.descripcion}` }));
    const found = own.data?.find((h) => h.clave === value);
    const current = chosen?.value === value ? chosen
      : value && initialLabel ? { value, label: `${value} - ${initialLabel}` }
        : value ? { value, label: found ? `${value} - ${found.descripcion}` : value }
          : null;
    if (current && !options.some((o) => o.value === current.value)) options.unshift(current);
    return options;
  }, [hits.data, own.data, chosen, value, initialLabel]);

  return (
    <Select
      label={label}
      description={description}
      searchable
      clearable
      data={data}
      value={value || null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(v, option) => {
        setChosen(option ? { value: option.value, label: option.label } : null);
        onChange(v ?? '', option ? option.label.replace(/^[^ ]+ - /, '') : '');
      }}
      nothingFoundMessage={debounced.length < minChars ? t('products.form.typeMore') : hits.isFetching ? t('products.form.searching') : t('products.form.nothingFound')}
      rightSection={hits.isFetching ? <Loader size="xs" /> : undefined}
      error={error}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
