import { configure } from '@testing-library/react';

// Screens are lazy routes: their code is imported on the first visit, which on a loaded 2-core CI machine
// can take longer than Testing Library's 1 s default for findBy/waitFor. Waiting longer only slows a
// failing test; a passing one returns as soon as the element is there.
configure({ asyncUtilTimeout: 20_000 });
