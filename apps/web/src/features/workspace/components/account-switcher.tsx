import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconCheck, IconLayoutBoard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLE_LABELS } from '@facturo/contract';
import { useSession } from '../../../shared/session/session-store';
import { myAccountsQuery, switchAccount } from '../api/workspace-api';
import '../texts';

/**
 * Issue 26 §4: the current RFC and name in the header; a person with several accounts switches in one click
 * (a new token for that account, the cache emptied, back to the dashboard).
 */
export function AccountSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data } = useQuery(myAccountsQuery());
  // Issue 26 §4: the URL may name the account (`?cuenta=RFC`): a link into another of the person's accounts
  // switches to it first; an RFC the person does not belong to is ignored (the server would refuse it anyway).
  const [params] = useSearchParams();
  // Each visit's `?cuenta=` is acted on once: re-acting when the session or the list changes would switch back
  // to the link's account right after the user picked another one in this menu.
  const wanted = params.get('cuenta')?.trim().toUpperCase();
  const { key } = useLocation();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !data || handled.current === key) return;
    handled.current = key;
    if (wanted === user?.username) return;
    if (data.some((a) => a.rfc === wanted && !a.actual)) void switchAccount(wanted);
  }, [wanted, data, user?.username, key]);
  if (!data || data.length < 2) return null;
  const current = data.find((a) => a.actual);
  return (
    <Menu width={320} position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="light" size="xs" leftSection={<IconBuildingSkyscraper size={16} />} data-testid="account-switcher"
          aria-label={t('workspace.switchAccount')}>
          <span>{current?.rfc ?? user?.username}</span>
          <Text span size="xs" ml={6} c="dimmed" visibleFrom="md" lineClamp={1} maw={160}>{current?.nombre}</Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('workspace.myAccounts')}</Menu.Label>
        {data.map((a) => (
          <Menu.Item key={a.rfc} data-testid={`switch-${a.rfc}`} rightSection={a.actual ? <IconCheck size={14} /> : undefined}
            onClick={async () => {
              if (a.actual) return;
              if (await switchAccount(a.rfc)) void navigate(`/dashboard/home?cuenta=${encodeURIComponent(a.rfc)}`);
            }}>
            <Text size="sm" fw={600}>{a.rfc}</Text>
            <Text size="xs" c="dimmed">{a.nombre} · {MEMBER_ROLE_LABELS[a.rol]}</Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to="/despacho" leftSection={<IconLayoutBoard size={16} />}>{t('workspace.board')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
