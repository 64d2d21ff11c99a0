import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCertificate, IconKey, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROFILE_SECTIONS, SOCKET_CODES, SOCKET_EVENTS } from '@facturo/contract';
import { onLive } from '../../../shared/socket/live-channel';
import { useSession } from '../../../shared/session/session-store';
import { profileKeys, profileQuery } from '../api/profile-api';
import { sectionIndex, type ProfilePanel } from '../model/sections';
import { AccountTab } from '../components/account-tab';
import { CiecDrawer } from '../components/ciec-drawer';
import { CifTab } from '../components/cif-tab';
import { CredentialDrawer } from '../components/credential-drawer';
import { GeneralInfoTab, ProfileAvatar } from '../components/general-info-tab';
import { PasswordDrawer } from '../components/password-drawer';
import { ResidenceTab } from '../components/residence-tab';
import { TaxInfoTab } from '../components/tax-info-tab';

/** /profile/{section}: five tabs (0-4) and the side panels for password, CSD, e.firma and CIEC (spec §2.7). */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { section } = useParams();
  const { user } = useSession();
  const rfc = user?.username ?? '';
  const q = useQuery({ ...profileQuery(rfc), enabled: Boolean(rfc) });
  const [panel, setPanel] = useState<ProfilePanel>(null);
  const tab = sectionIndex(section);
  const close = () => setPanel(null);
  const queryClient = useQueryClient();
  // Spec §4: when a CSF finishes (here or in another tab), the constancias, obligations and activities are refetched.
  useEffect(
    () =>
      onLive((event, msg) => {
        if (event === SOCKET_EVENTS.csf && msg.finished && msg.code === SOCKET_CODES.ok) void queryClient.invalidateQueries({ queryKey: profileKeys.all(rfc) });
      }),
    [queryClient, rfc],
  );

  if (q.isPending) return <Loader />;
  if (q.isError || !q.data) return <Alert color="red">{t('profile.loadFailed')}</Alert>;
  const profile = q.data;

  return (
    <Stack gap="lg" data-testid="profile-page">
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" align="center">
          <Group gap="md">
            <ProfileAvatar profile={profile} size={64} />
            <Stack gap={2}>
              <Title order={3}>{profile.fullName ?? profile.rfc}</Title>
              <Group gap="xs">
                <Badge variant="light">{profile.rfc}</Badge>
                {profile.regimen && (
                  <Text size="sm" c="dimmed">
                    {profile.regimen} - {profile.regimenDescripcion}
                  </Text>
                )}
              </Group>
            </Stack>
          </Group>
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconLock size={14} />} onClick={() => setPanel('password')}>
              {t('profile.panels.password')}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconCertificate size={14} />} onClick={() => setPanel('csd')} data-testid="header-csd">
              {t('profile.panels.csd')}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconKey size={14} />} onClick={() => setPanel('efirma')}>
              {t('profile.panels.efirma')}
            </Button>
            <Button variant="default" size="xs" leftSection={<IconShieldCheck size={14} />} onClick={() => setPanel('ciec')}>
              {t('profile.panels.ciec')}
            </Button>
          </Group>
        </Group>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Tabs value={String(tab)} onChange={(v) => navigate(`/profile/${v ?? 0}`)} keepMounted={false}>
          <Tabs.List mb="lg">
            {PROFILE_SECTIONS.map((s, i) => (
              <Tabs.Tab key={s} value={String(i)} data-testid={`tab-${s}`}>
                {t(`profile.tabs.${s}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="0">
            <GeneralInfoTab profile={profile} />
          </Tabs.Panel>
          <Tabs.Panel value="1">
            <CifTab rfc={rfc} />
          </Tabs.Panel>
          <Tabs.Panel value="2">
            <AccountTab profile={profile} onPassword={() => setPanel('password')} />
          </Tabs.Panel>
          <Tabs.Panel value="3">
            <TaxInfoTab profile={profile} onPanel={setPanel} />
          </Tabs.Panel>
          <Tabs.Panel value="4">
            <ResidenceTab profile={profile} />
          </Tabs.Panel>
        </Tabs>
      </Card>

      <PasswordDrawer opened={panel === 'password'} onClose={close} />
      <CredentialDrawer kind="csd" rfc={rfc} opened={panel === 'csd'} onClose={close} />
      <CredentialDrawer kind="efirma" rfc={rfc} opened={panel === 'efirma'} onClose={close} />
      <CiecDrawer rfc={rfc} opened={panel === 'ciec'} onClose={close} />
    </Stack>
  );
}
