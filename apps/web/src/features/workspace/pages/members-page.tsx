import { useState } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from '@facturo/contract';
import { PageHeader } from '../../../shared/ui/page-header';
import { useSession } from '../../../shared/session/session-store';
import { isApiError } from '../../../shared/api/api-error';
import { inviteMember, membersQuery, removeMember, setTwoFactorPolicy, twoFactorPolicyQuery, updateMember, withdrawInvitation, workspaceKeys } from '../api/workspace-api';
import '../texts';

const roleOptions = [...MEMBER_ROLES].reverse().map((r) => ({ value: r, label: MEMBER_ROLE_LABELS[r] }));

/** Issue 26 §3: the owner's members and pending invitations; invite, change a role, remove. */
export function MembersPage() {
  const { t } = useTranslation();
  const rfc = useSession().user?.username ?? '';
  const qc = useQueryClient();
  const { data = [] } = useQuery(membersQuery(rfc));
  const [email, setEmail] = useState('');
  const [rol, setRol] = useState<MemberRole>('contador');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: workspaceKeys.members(rfc) });
  const invite = useMutation({
    mutationFn: () => inviteMember(email, rol),
    onSuccess: () => { setEmail(''); setError(null); void refresh(); },
    onError: (err) => setError(isApiError(err) ? err.message : String(err)),
  });
  const policy = useQuery(twoFactorPolicyQuery(rfc));
  const setPolicy = useMutation({
    mutationFn: (requerido: boolean) => setTwoFactorPolicy(requerido),
    onSuccess: (data) => qc.setQueryData(twoFactorPolicyQuery(rfc).queryKey, data),
  });
  const change = useMutation({ mutationFn: ({ id, r }: { id: number; r: MemberRole }) => updateMember(id, r), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: ({ id, invitation }: { id: number; invitation: boolean }) => (invitation ? withdrawInvitation(id) : removeMember(id)),
    onSuccess: refresh,
  });
  return (
    <Stack>
      <PageHeader title={t('workspace.members')} />
      <Card withBorder>
        <Group align="flex-end">
          <TextInput label={t('workspace.email')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} w={320} data-testid="invite-email" />
          <Select label={t('workspace.role')} data={roleOptions} value={rol} onChange={(v) => v && setRol(v as MemberRole)} allowDeselect={false} w={200} data-testid="invite-role" />
          <Button onClick={() => invite.mutate()} loading={invite.isPending} disabled={!email}>{t('workspace.invite')}</Button>
        </Group>
      </Card>
      <Card withBorder>
        <Stack gap={6}>
          <Text fw={600}>{t('workspace.policyTitle')}</Text>
          <Switch label={t('workspace.policyLabel')} description={t('workspace.policyHelp')} data-testid="require-2fa"
            checked={policy.data?.requerido ?? false} disabled={!policy.data || setPolicy.isPending}
            onChange={(e) => setPolicy.mutate(e.currentTarget.checked)} />
          {policy.data?.requerido && <Text size="sm" c="dimmed">{t('workspace.policyPending', { n: policy.data.miembros_sin_2fa })}</Text>}
        </Stack>
      </Card>
      <Card withBorder p={0}>
        <Table striped>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('workspace.email')}</Table.Th><Table.Th>{t('workspace.name')}</Table.Th><Table.Th>{t('workspace.role')}</Table.Th><Table.Th>{t('workspace.status')}</Table.Th><Table.Th /></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((m) => (
              <Table.Tr key={`${m.estado}-${m.id}`} data-testid={`member-${m.email}`}>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>{m.nombre ?? '—'}</Table.Td>
                <Table.Td>
                  {m.estado === 'activo' && !m.yo
                    ? <Select size="xs" data={roleOptions} value={m.rol} allowDeselect={false} w={160} aria-label={t('workspace.role')}
                        onChange={(v) => v && change.mutate({ id: m.id, r: v as MemberRole })} />
                    : MEMBER_ROLE_LABELS[m.rol]}
                </Table.Td>
                <Table.Td>
                  <Badge color={m.estado === 'activo' ? 'green' : 'yellow'} variant="light">{t(`workspace.state.${m.estado}`)}</Badge>
                  {m.yo && <Text span size="xs" c="dimmed" ml={6}>{t('workspace.you')}</Text>}
                </Table.Td>
                <Table.Td>
                  {!m.yo && <Button size="xs" color="red" variant="subtle" onClick={() => remove.mutate({ id: m.id, invitation: m.estado === 'invitado' })}>{m.estado === 'activo' ? t('workspace.remove') : t('workspace.withdraw')}</Button>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
