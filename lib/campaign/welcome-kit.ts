// SPEC §2, §9: the partner welcome kit (50+ pages), a file the site ships (scripts/welcome-kit.ts writes it).
export const WELCOME_KIT_PATH = "/campaign/magic-partner-welcome-kit.pdf";
export const WELCOME_KIT_MIN_PAGES = 50;
