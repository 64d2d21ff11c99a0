import { Group, Select, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MONTH_NAMES } from '@facturo/contract';
import { usePeriod } from '../../../shared/period/period-store';
import { useSession } from '../../../shared/session/session-store';
import { PageHeader } from '../../../shared/ui/page-header';
import { BalanzaTab } from '../components/balanza-tab';
import { CatalogoTab } from '../components/catalogo-tab';
import { EstadosTab } from '../components/estados-tab';
import { LibrosTab } from '../components/libros-tab';
import { PolizasTab } from '../components/polizas-tab';
import { ReglasTab } from '../components/reglas-tab';
import { XmlTab } from '../components/xml-tab';
import '../texts';

const TABS = ['polizas', 'balanza', 'estados', 'libros', 'catalogo', 'reglas', 'xml'] as const;

/** /contabilidad (issue 28): the books the documents write, the month's balanza and the files SAT receives. */
export function AccountingPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const period = usePeriod();
  const [anio, setAnio] = useState(period.year);
  const [mes, setMes] = useState(period.month);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') ?? 'polizas';
  const tab = (TABS as readonly string[]).includes(raw) ? raw : 'polizas';
  const years = Array.from({ length: 8 }, (_, i) => String(new Date().getFullYear() + 1 - i));
  return (
    <Stack gap="md">
      <PageHeader title={t('contabilidad.title')} />
      <Group>
        <Select label={t('contabilidad.mes')} value={String(mes)} allowDeselect={false} onChange={(v) => setMes(Number(v))} data-testid="conta-mes" w={220}
          data={[...MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m })), { value: '13', label: t('contabilidad.mes13') }]} />
        <Select label={t('contabilidad.anio')} value={String(anio)} allowDeselect={false} onChange={(v) => setAnio(Number(v))} data={years} data-testid="conta-anio" w={120} />
      </Group>
      <Tabs value={tab} onChange={(v) => setParams((p) => { p.set('tab', v ?? 'polizas'); return p; }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {TABS.map((k) => <Tabs.Tab key={k} value={k}>{t(`contabilidad.tabs.${k}`)}</Tabs.Tab>)}
        </Tabs.List>
        <Tabs.Panel value="polizas" pt="md"><PolizasTab rfc={rfc} anio={anio} mes={mes} /></Tabs.Panel>
        <Tabs.Panel value="balanza" pt="md"><BalanzaTab rfc={rfc} anio={anio} mes={mes} /></Tabs.Panel>
        <Tabs.Panel value="estados" pt="md"><EstadosTab rfc={rfc} anio={anio} mes={mes} /></Tabs.Panel>
        <Tabs.Panel value="libros" pt="md"><LibrosTab rfc={rfc} anio={anio} mes={mes} /></Tabs.Panel>
        <Tabs.Panel value="catalogo" pt="md"><CatalogoTab rfc={rfc} anio={anio} mes={mes} /></Tabs.Panel>
        <Tabs.Panel value="reglas" pt="md"><ReglasTab rfc={rfc} /></Tabs.Panel>
        <Tabs.Panel value="xml" pt="md"><XmlTab rfc={rfc} anio={anio} mes={mes} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
