import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';

export interface Tab {
  id: string;
  label: string;
  render: () => ComponentChildren;
}

/** The ARIA tabs pattern: arrow keys, Home and End move between tabs; only the chosen panel is drawn. */
export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [chosen, setChosen] = useState(tabs[0]?.id ?? '');
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.id === chosen) ?? tabs[0];
  const move = (event: KeyboardEvent, index: number) => {
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    setChosen(tabs[target]?.id ?? chosen);
    buttons.current[target]?.focus();
  };
  if (!current) return null;
  return (
    <div class="tabs">
      <div role="tablist" aria-label={label} class="tab-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            onClick={() => setChosen(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current.id}`} aria-labelledby={`tab-${current.id}`} tabIndex={0} class="tab-panel">
        {current.render()}
      </div>
    </div>
  );
}
