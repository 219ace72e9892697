// The landing page's script, the one JavaScript file its prerendered HTML loads (landing.html at the repository's root).
import { startLandingPage } from './page-script';

void startLandingPage();
