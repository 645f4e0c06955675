import { Link } from 'react-router';

/** Tabs that are links (the tab is in the URL, so reload and back keep it), wrapping onto more lines. */
export function LinkTabs({ label, tabs, current }: { label: string; tabs: { key: string; to: string; text: string }[]; current: string }) {
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap gap-2" data-tabs>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? 'page' : undefined}
          data-tab={tab.key}
          className={`rounded-full px-4 py-1.5 text-sm font-semibold ${tab.key === current ? 'bg-brand text-white' : 'bg-neutral-100 text-neutral-700 hover:bg-neutral-200'}`}
        >
          {tab.text}
        </Link>
      ))}
    </nav>
  );
}

/** A row of tabs that are links (a category, a phase): scrolls sideways on a narrow phone. */
export function ScrollLinkTabs({
  label,
  tabs,
  name,
}: {
  label: string;
  name: string;
  tabs: { key: string; text: string; to: string; current: boolean }[];
}) {
  return (
    <nav aria-label={label} className="-mx-4 mt-5 overflow-x-auto px-4" data-tabs={name}>
      <ul className="flex w-max gap-2">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand ${
                tab.current ? 'border-neutral-900 bg-neutral-900 text-white' : 'border-neutral-300 text-neutral-700 hover:bg-neutral-100'
              }`}
              data-tab={tab.key}
            >
              {tab.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
