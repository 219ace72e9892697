// The accessibility sweep in German (support/a11y-sweep.ts): a file of its own, so that a second worker takes it.
import { sweepEveryRoute } from './support/a11y-sweep';

sweepEveryRoute('de', { siteChecks: false, everyState: false });
