// The names of the pages the client's build prerenders (scripts/vite-landing.ts, scripts/vite-sign-in-pages.ts write
// them; static-client.ts sends them): one file per page, language and whether Discord sign-in is offered.
import type { Language } from '../../rules/language-choice';

/** The sign-in pages the build prerenders. */
export const SIGN_IN_PAGES = ['/login', '/register'] as const;
export type SignInPagePath = (typeof SIGN_IN_PAGES)[number];

/** The landing page "/" in `language`, with the Discord button or without: the server knows which it offers. */
export function landingPageFile(language: Language, discord: boolean): string {
  return `landing/${language}${discord ? '-discord' : ''}.html`;
}

/** The sign-in page at `path` in `language`, with the Discord button or without. */
export function signInPageFile(path: SignInPagePath, language: Language, discord: boolean): string {
  return `sign-in${path}-${language}${discord ? '-discord' : ''}.html`;
}
