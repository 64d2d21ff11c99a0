import { useEffect, useState } from 'react';
import { LoadingOverlay } from '@mantine/core';
import { useNavigation } from 'react-router';
import { navigationOverlayDelayMs } from '../../shared/ui/toast-timing';

/** §2.5: a loading overlay shows until each navigation ends, then hides after 300 ms. */
export function NavigationOverlay() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (busy) {
      setVisible(true);
      return;
    }
    const timer = setTimeout(() => setVisible(false), navigationOverlayDelayMs);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.35, blur: 1 }}
      data-testid="navigation-overlay"
    />
  );
}
