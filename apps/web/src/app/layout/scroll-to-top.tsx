import { ActionIcon, Affix, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** §2.5: shows after 250 px of scroll. */
export const scrollTopThreshold = 250;

/** Scroll-to-top button. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [scroll, scrollTo] = useWindowScroll();
  return (
    // Below the app shell's header and navbar (100) and every drawer or modal (200): it must never float over them.
    <Affix position={{ bottom: 24, right: 24 }} zIndex={99}>
      <Transition transition="slide-up" mounted={scroll.y > scrollTopThreshold}>
        {(styles) => (
          <ActionIcon style={styles} size="xl" radius="xl" onClick={() => scrollTo({ y: 0 })} aria-label={t('app.scrollTop')}>
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
