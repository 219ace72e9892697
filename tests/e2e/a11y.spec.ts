// The accessibility sweep in English (support/a11y-sweep.ts), with the checks that concern the whole site once.
import { sweepEveryRoute } from './support/a11y-sweep';

sweepEveryRoute('en', { siteChecks: true, everyState: true });
