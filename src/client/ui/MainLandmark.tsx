// The page's one <main>: a page drawn inside the game frame's <main> (the game's own 404) becomes a plain block, not a second one.
import { createContext, useContext, type ComponentProps } from 'react';

const InsideMain = createContext(false);

export function MainLandmark({ children, ...props }: ComponentProps<'main'>) {
  // Screen readers jump to "the main content"; two nested mains leave them guessing which one that is.
  if (useContext(InsideMain)) return <div {...(props as ComponentProps<'div'>)}>{children}</div>;
  return (
    <main {...props}>
      <InsideMain value={true}>{children}</InsideMain>
    </main>
  );
}
