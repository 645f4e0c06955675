import { SEARCH_LIMITS, type SearchHit } from '@byeol/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { searchPath } from '../../lib/links';
import { useSite } from '../../lib/use-site';
import { Avatar } from '../../ui/avatar';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { LiveBadge } from '../../ui/live-badge';
import { searchSuggest } from './search-api';
import { hitKey, hitPath, isBjHit, keywordOf, searchKindOfPath, suggestionsOf, visibleKinds } from './search-rules';
import { useKindName } from './use-kind-name';

function SearchIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M15 5l-7 7 7 7" />
    </svg>
  );
}

/** The term of a search page's URL ('' anywhere else): the box shows what the page searched. */
function keywordOfLocation(pathname: string, search: string): string {
  return searchKindOfPath(pathname) ? (new URLSearchParams(search).get('keyword') ?? '') : '';
}

interface Option {
  key: string;
  path: string;
  hit: SearchHit | null;
}

/**
 * The header's search box (issue 18): from 1024 px an inline box; below, an icon that opens a box over the
 * whole header bar. Typing asks /sub/search_more (kind all) after SEARCH_LIMITS.suggestDebounceMs of quiet
 * and suggests up to SEARCH_LIMITS.suggestPerKind hits per kind (broadcasters with their picture first,
 * then lives and replays) and "all results". An ARIA 1.2 combobox: arrows move through the suggestions,
 * Enter opens the highlighted one (else the result page), Escape closes the list (and then the phone box).
 * Before the page's scripts run it is a plain GET form to /search.
 */
export function SearchBox({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const location = useLocation();
  const kindName = useKindName();
  const kinds = visibleKinds(useSite()?.site.site_setting);
  const formId = useId();
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const [query, setQuery] = useState(() => keywordOfLocation(location.pathname, location.search));
  const [expanded, setExpanded] = useState(false);
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<{ keyword: string; hits: SearchHit[] } | null>(null);
  const [active, setActive] = useState(-1);
  const [ready, setReady] = useState(false);

  useEffect(() => setReady(true), []);

  // A new page closes the list and the phone box and shows the page's term (or none).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not a value read.
  useEffect(() => {
    setOpen(false);
    setExpanded(false);
    setActive(-1);
    setQuery(keywordOfLocation(location.pathname, location.search));
  }, [location.key]);

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);

  // Suggestions: after a quiet SEARCH_LIMITS.suggestDebounceMs; a newer key press drops the older call.
  const keyword = keywordOf(query);
  useEffect(() => {
    if (!open || keyword === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchSuggest(keyword, controller.signal)
        .then((res) => {
          if (controller.signal.aborted) return;
          setAnswer({ keyword, hits: isOk(res) ? res.rslt_set.data_list : [] });
          setActive(-1);
        })
        .catch(() => {
          // Aborted by a newer term: its own call answers.
        });
    }, SEARCH_LIMITS.suggestDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, keyword]);

  const fresh = answer !== null && keyword !== null && answer.keyword === keyword;
  const groups = answer && keyword !== null ? suggestionsOf(answer.hits, kinds) : [];
  const options: Option[] = [
    ...groups.flatMap((g) => g.hits.map((hit) => ({ key: hitKey(hit), path: hitPath(hit) ?? searchPath(hit.kind, keyword ?? ''), hit }))),
    ...(keyword !== null ? [{ key: 'all', path: searchPath('all', keyword), hit: null }] : []),
  ];
  const showList = open && keyword !== null;
  const optionId = (i: number) => `${listId}-o${i}`;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-o${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  function go(path: string) {
    setOpen(false);
    setExpanded(false);
    setActive(-1);
    inputRef.current?.blur();
    navigate(path);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    go(searchPath('all', query.trim()));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const n = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!showList) {
        setOpen(true);
        return;
      }
      if (n === 0) return;
      if (event.key === 'ArrowDown') setActive((i) => (i + 1 >= n ? 0 : i + 1));
      else setActive((i) => (i <= 0 ? n - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const option = showList && active >= 0 ? options[active] : undefined;
      if (option) {
        event.preventDefault();
        go(option.path);
      }
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (expanded) {
        event.preventDefault();
        setExpanded(false);
        openButtonRef.current?.focus();
      }
    }
  }

  const iconButton = `inline-flex size-11 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-brand ${
    dark ? 'text-neutral-100 hover:bg-neutral-800' : 'text-neutral-800 hover:bg-neutral-100'
  }`;
  const panel = dark ? 'border-neutral-700 bg-neutral-900 text-neutral-100' : 'border-neutral-200 bg-white text-neutral-900';
  const muted = dark ? 'text-neutral-400' : 'text-neutral-500';
  let index = 0;

  return (
    <div className="ml-auto flex min-w-0 items-center lg:ml-0 lg:flex-1 lg:justify-center" data-search-box data-ready={ready || undefined}>
      <button
        ref={openButtonRef}
        type="button"
        className={`${iconButton} lg:hidden`}
        aria-label={t('box.open')}
        aria-expanded={expanded}
        aria-controls={formId}
        onClick={() => setExpanded(true)}
        data-search-open
      >
        <SearchIcon className="size-6" />
      </button>
      <form
        id={formId}
        role="search"
        aria-label={t('box.region')}
        action="/search"
        method="get"
        onSubmit={submit}
        onBlur={(e) => {
          if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
          setOpen(false);
          // An empty phone box folds back into its icon when left.
          if (!query.trim()) setExpanded(false);
        }}
        className={`${
          expanded ? `absolute inset-x-0 top-0 z-50 flex h-14 items-center gap-1 px-2 ${dark ? 'bg-neutral-950' : 'bg-white'}` : 'hidden'
        } lg:relative lg:inset-auto lg:z-auto lg:flex lg:h-auto lg:w-full lg:max-w-xs lg:bg-transparent lg:px-0`}
        data-search-form
      >
        <button type="button" className={`${iconButton} lg:hidden`} aria-label={t('box.close')} onClick={() => setExpanded(false)}>
          <BackIcon />
        </button>
        <label htmlFor={inputId} className="sr-only">
          {t('box.label')}
        </label>
        <div className="relative min-w-0 flex-1">
          <input
            ref={inputRef}
            id={inputId}
            name="keyword"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
            maxLength={SEARCH_LIMITS.keywordMax}
            placeholder={t('box.placeholder')}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            className={`min-h-11 w-full rounded-full border py-2 pr-11 pl-4 text-base focus-visible:outline-2 focus-visible:outline-brand lg:min-h-10 lg:text-sm [&::-webkit-search-cancel-button]:hidden ${
              dark
                ? 'border-neutral-700 bg-neutral-900 text-neutral-100 placeholder:text-neutral-400'
                : 'border-neutral-300 bg-neutral-50 text-neutral-900 placeholder:text-neutral-500'
            }`}
            data-search-box-input
          />
          <button
            type="submit"
            aria-label={t('box.submit')}
            className={`absolute top-1/2 right-0.5 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand ${muted}`}
          >
            <SearchIcon />
          </button>
        </div>
        <div
          className={`absolute inset-x-0 top-full z-50 max-h-[70vh] overflow-y-auto border-b shadow-lg lg:right-auto lg:mt-1 lg:w-[26rem] lg:max-w-[calc(100vw-2rem)] lg:rounded-xl lg:border ${panel}`}
          hidden={!showList}
          data-search-suggestions
        >
          <div id={listId} role="listbox" aria-label={t('box.suggestions')} className="py-1">
            {groups.map((group) => (
              <div key={group.kind} role="group" aria-label={kindName(group.kind)} data-suggest-group={group.kind}>
                <div aria-hidden="true" className={`px-4 pt-2 pb-1 text-xs font-semibold ${muted}`}>
                  {kindName(group.kind)}
                </div>
                {group.hits.map((hit) => {
                  const i = index++;
                  const option = options[i];
                  return (
                    <div
                      key={hitKey(hit)}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      tabIndex={-1}
                      className={`flex min-h-12 cursor-pointer items-center gap-3 px-4 py-1.5 ${
                        i === active ? (dark ? 'bg-neutral-800' : 'bg-brand/10') : ''
                      }`}
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => setActive(i)}
                      onClick={() => option && go(option.path)}
                      // The input keeps the focus (aria-activedescendant); this only serves an option focused some other way.
                      onKeyDown={(e) => e.key === 'Enter' && option && go(option.path)}
                      data-suggestion={hit.kind}
                      data-suggestion-path={option?.path}
                      {...(isBjHit(hit) ? { 'data-bj-id': hit.id } : 'vod_key' in hit ? { 'data-vod-key': hit.vod_key } : {})}
                    >
                      <SuggestionContent hit={hit} muted={muted} />
                    </div>
                  );
                })}
              </div>
            ))}
            {keyword !== null && (
              <div
                id={optionId(options.length - 1)}
                role="option"
                aria-selected={active === options.length - 1}
                tabIndex={-1}
                className={`flex min-h-12 cursor-pointer items-center gap-3 border-t px-4 text-sm font-semibold ${
                  dark ? 'border-neutral-800' : 'border-neutral-100'
                } ${active === options.length - 1 ? (dark ? 'bg-neutral-800' : 'bg-brand/10') : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(options.length - 1)}
                onClick={() => go(searchPath('all', keyword))}
                onKeyDown={(e) => e.key === 'Enter' && go(searchPath('all', keyword))}
                data-suggestion="all"
              >
                <SearchIcon className={`size-4 shrink-0 ${muted}`} />
                <span className="min-w-0 break-all">{t('box.all', { keyword })}</span>
              </div>
            )}
          </div>
          {fresh && groups.length === 0 && <p className={`px-4 pb-3 text-sm ${muted}`}>{t('box.none')}</p>}
        </div>
        <p className="sr-only" role="status">
          {showList && fresh ? (groups.length > 0 ? t('box.count', { n: options.length - 1 }) : t('box.none')) : ''}
        </p>
      </form>
    </div>
  );
}

function SuggestionContent({ hit, muted }: { hit: SearchHit; muted: string }) {
  if (isBjHit(hit)) {
    return (
      <>
        <Avatar src={hit.profile_image} nick={hit.nick} size="size-9" text="text-sm" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{hit.nick}</span>
          <span className={`block truncate text-xs ${muted}`}>@{hit.id}</span>
        </span>
        {hit.live_vod_key && <LiveBadge />}
      </>
    );
  }
  if (hit.kind === 'live' || hit.kind === 'replay') {
    return (
      <>
        <span className="w-16 shrink-0">
          <BroadcastThumb src={hit.thumbnail} label={hit.title} small />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{hit.title}</span>
          <span className={`block truncate text-xs ${muted}`}>{hit.bj.nick}</span>
        </span>
        {hit.kind === 'live' && <LiveBadge />}
      </>
    );
  }
  return <span className="truncate text-sm">{hit.title}</span>;
}
