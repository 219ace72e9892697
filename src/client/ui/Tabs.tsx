// Accessible tabs (tablist / tab / tabpanel) with arrow-key movement; controlled or uncontrolled.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  panel: ReactNode;
}

export interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  /** Accessible name of the tab list. */
  label: string;
  selected?: Id;
  defaultSelected?: Id;
  onSelect?: (id: Id) => void;
}

export function Tabs<Id extends string>({ tabs, label, selected, defaultSelected, onSelect }: TabsProps<Id>) {
  const baseId = useId();
  const [own, setOwn] = useState<Id | undefined>(defaultSelected ?? tabs[0]?.id);
  const current = selected ?? own;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function choose(id: Id) {
    setOwn(id);
    onSelect?.(id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === current);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const target = tabs[next];
    if (!target) return;
    event.preventDefault();
    choose(target.id);
    buttons.current[next]?.focus();
  }

  const active = tabs.find((tab) => tab.id === current) ?? tabs[0];
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => {
          const isActive = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isActive}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={isActive ? 0 : -1}
              className={isActive ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
              onClick={() => choose(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active && (
        <div
          className="tabs__panel"
          role="tabpanel"
          id={`${baseId}-panel-${active.id}`}
          aria-labelledby={`${baseId}-tab-${active.id}`}
          tabIndex={0}
        >
          {active.panel}
        </div>
      )}
    </div>
  );
}
