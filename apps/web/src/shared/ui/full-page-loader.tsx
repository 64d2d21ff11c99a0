import { Center, Loader } from '@mantine/core';

/** Shown while the first route loads (guards may be waiting on the API). */
export function FullPageLoader() {
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}
