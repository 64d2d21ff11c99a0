import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCreditCard, IconError404, IconLock, IconUserOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FullPage } from '../../../shared/ui/full-page';
import { useSession } from '../../../shared/session/session-store';
import { homeRouteFor } from '../../../shared/session/home-route';
import { useLogout } from '../../../shared/session/use-logout';
import { RetryPaymentPanel } from '../../payments/public';

function Icon({ children, color }: { children: React.ReactNode; color: string }) {
  return (
    <ThemeIcon size={72} radius="xl" variant="light" color={color}>
      {children}
    </ThemeIcon>
  );
}

/** Where "back" goes: home when logged in, else login. */
function useBackTarget(): string {
  const { token, user } = useSession();
  return token && user ? homeRouteFor(user) : '/login';
}

/** Unknown routes (§2.3, §8). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <FullPage title={t('pages.notFound.title')} illustration={<Icon color="indigo"><IconError404 size={44} /></Icon>}>
      <Text c="dimmed">{t('pages.notFound.text')}</Text>
      <Button component={Link} to={useBackTarget()}>
        {t('pages.notFound.back')}
      </Button>
    </FullPage>
  );
}

/** 403 target (§8). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <FullPage title={t('pages.unauthorized.title')} illustration={<Icon color="orange"><IconLock size={40} /></Icon>}>
      <Text c="dimmed">{t('pages.unauthorized.text')}</Text>
      <Button component={Link} to={useBackTarget()}>
        {t('pages.unauthorized.back')}
      </Button>
    </FullPage>
  );
}

/** 451 target (§8). */
export function SuspendedAccountPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <FullPage title={t('pages.suspended.title')} illustration={<Icon color="red"><IconUserOff size={40} /></Icon>}>
      <Text c="dimmed">{t('pages.suspended.text')}</Text>
      <Button onClick={() => void logout()}>{t('pages.suspended.back')}</Button>
    </FullPage>
  );
}

/** 402 target (§8): the nav stays hidden until a request succeeds again. */
export function PaySubscriptionPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <FullPage title={t('pages.paySubscription.title')} illustration={<Icon color="yellow"><IconCreditCard size={40} /></Icon>}>
      <Text c="dimmed">{t('pages.paySubscription.text')}</Text>
      <RetryPaymentPanel />
      <Group grow>
        <Button component={Link} to="/plans">
          {t('pages.paySubscription.plans')}
        </Button>
        <Button component={Link} to="/payment-cards" variant="light">
          {t('pages.paySubscription.cards')}
        </Button>
      </Group>
      <Button variant="subtle" color="gray" onClick={() => void logout()}>
        {t('pages.paySubscription.logout')}
      </Button>
    </FullPage>
  );
}
