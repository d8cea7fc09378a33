import { configure } from '@testing-library/react';

// The islands' tests wait for what a fetch answer renders (waitFor, findBy*). Testing Library
// gives up after 1 s, which a loaded 2-core machine exceeded: the header's count once read "0"
// where the basket's "2" came a moment later. A wait that can pass passes within 5 s; one that
// cannot still fails, later.
configure({ asyncUtilTimeout: 5000 });
