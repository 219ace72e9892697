// A prerendered sign-in page (/login, /register) is painted from the HTML before the app runs; the app then renders the
// same page over it. What the visitor typed meanwhile (and where the caret was) is carried over into the app's form.

/** The prerendered form, watched from the app's start until the app's page replaces it. */
export interface PrerenderedForm {
  /** The prerendered inputs with an id: read when the app has replaced them (typing goes on while the app renders). */
  inputs: HTMLInputElement[];
  /** The id of the prerendered input that had the focus last, while it still had it. */
  focused: () => string | null;
  /** The prerendered markup's top element: the app's page has taken over once it is gone. */
  page: Element | null;
}

/** Whether `root` holds a prerendered page (the build writes the page into `#root`; index.html's is empty). */
export function isPrerendered(root: HTMLElement): boolean {
  return root.firstElementChild !== null;
}

/** Starts watching the prerendered form in `root`: call it as the app starts, before anything replaces the page. */
export function watchPrerenderedForm(root: HTMLElement): PrerenderedForm {
  const page = root.firstElementChild;
  const inputs = [...root.querySelectorAll<HTMLInputElement>('input[id]')];
  const active = document.activeElement;
  let focused = active instanceof HTMLInputElement && inputs.includes(active) ? active.id : null;
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLInputElement && inputs.includes(event.target)) focused = event.target.id;
  };
  const onFocusOut = () => {
    // A focus that left for something else of the page is forgotten; one lost because the app replaced the page is kept.
    setTimeout(() => {
      if (page?.isConnected && !inputs.some((input) => input === document.activeElement)) focused = null;
    }, 0);
  };
  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  return {
    inputs,
    focused: () => focused,
    page,
  };
}

/**
 * Puts the prerendered form's state into the app's inputs of the same ids once the app has replaced it. The app's
 * inputs are React's: a value is set through the native setter and announced with an input event, as typing would, so
 * the page's state follows. Gives up after `timeoutMs` (a page that renders something else, such as a redirect).
 */
export function restorePrerenderedForm(root: HTMLElement, form: PrerenderedForm, timeoutMs = 10_000): Promise<boolean> {
  const takenOver = () => form.page === null || !root.contains(form.page);
  const ids = form.inputs.map((input) => input.id);
  const ready = () => takenOver() && ids.every((id) => root.querySelector(`#${CSS.escape(id)}`) !== null);
  return new Promise((resolve) => {
    const apply = () => {
      observer.disconnect();
      clearTimeout(timer);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      for (const old of form.inputs) {
        const input = root.querySelector<HTMLInputElement>(`#${CSS.escape(old.id)}`);
        if (!input) continue;
        if (old.type === 'checkbox' || old.type === 'radio') {
          if (old.checked && !input.checked) input.click();
        } else if (old.value !== '' && input.value === '' && setValue) {
          setValue.call(input, old.value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
      const focused = form.focused();
      if (focused) root.querySelector<HTMLElement>(`#${CSS.escape(focused)}`)?.focus();
      resolve(true);
    };
    const observer = new MutationObserver(() => {
      if (ready()) apply();
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, timeoutMs);
    if (ready()) apply();
    else observer.observe(root, { childList: true, subtree: true });
  });
}
