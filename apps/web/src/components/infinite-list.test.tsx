import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrophyIcon } from 'lucide-react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { InfiniteList, type InfiniteListLayout } from '@/components/infinite-list';
import { installIntersectionObserver } from '@/test/intersection-observer';
import { useInfiniteList } from '@/lib/use-infinite-list';

type Page = { items: string[]; next: number | null };
type FetchPage = (cursor: number | undefined) => Promise<Page>;

let list: ReturnType<typeof installIntersectionObserver>;

function Games({ fetchPage, layout }: { fetchPage: FetchPage; layout: InfiniteListLayout }) {
  const query = useInfiniteList<Page>({ queryKey: ['games'], fetchPage: (cursor) => fetchPage(cursor) });
  return (
    <InfiniteList
      query={query}
      noun="games"
      icon={TrophyIcon}
      layout={layout}
      label="Games"
      placeholder={<div data-testid="placeholder" />}
      itemKey={(game) => game}
      renderItem={(game) => <span>{game}</span>}
      empty={<p>No games yet</p>}
    />
  );
}

function renderGames(fetchPage: FetchPage, layout: InfiniteListLayout = 'list') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Games fetchPage={fetchPage} layout={layout} />
    </QueryClientProvider>,
  );
}

/** A page the test hands out when it chooses, to see the states in between. */
function later() {
  let resolve!: (page: Page) => void;
  const promise = new Promise<Page>((done) => (resolve = done));
  return { promise, resolve };
}

const pages: Record<string, Page> = { first: { items: ['Hawks vs Owls'], next: 1_741_111_200_000 }, last: { items: ['Hawks vs Bears'], next: null } };

describe('InfiniteList with useInfiniteList', () => {
  beforeEach(() => {
    list = installIntersectionObserver();
  });

  it('shows placeholder cards named for the list while the first page loads, then the items', async () => {
    const first = later();
    renderGames(() => first.promise, 'grid');
    const loading = screen.getByRole('status', { name: 'Loading games' });
    expect(within(loading).getAllByTestId('placeholder')).toHaveLength(6);
    first.resolve(pages.first!);
    const games = await screen.findByRole('list', { name: 'Games' });
    expect(within(games).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Hawks vs Owls']);
    expect(screen.queryByRole('status', { name: 'Loading games' })).not.toBeInTheDocument();
  });

  it('asks for each further page from the previous page’s cursor when the end comes into view, with a loading row meanwhile', async () => {
    const last = later();
    const fetchPage = vi.fn<FetchPage>((cursor) => (cursor === undefined ? Promise.resolve(pages.first!) : last.promise));
    renderGames(fetchPage);
    await screen.findByText('Hawks vs Owls');
    list.scrollToEnd();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading more games...');
    last.resolve(pages.last!);
    expect(await screen.findByText('Hawks vs Bears')).toBeInTheDocument();
    expect(fetchPage.mock.calls).toEqual([[undefined], [1_741_111_200_000]]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty slot when the list has no items', async () => {
    renderGames(() => Promise.resolve({ items: [], next: null }));
    expect(await screen.findByText('No games yet')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says why the first page failed, and Try again loads it', async () => {
    const fetchPage = vi.fn<FetchPage>().mockRejectedValueOnce(new Error('Server down')).mockResolvedValue(pages.last!);
    renderGames(fetchPage);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    expect(screen.getByText('Could not load games')).toBeInTheDocument();
    expect(screen.queryByText('No games yet')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hawks vs Bears')).toBeInTheDocument();
  });

  it('keeps the items when a further page fails, and Load more asks for that page again', async () => {
    const fetchPage = vi
      .fn<FetchPage>()
      .mockResolvedValueOnce(pages.first!)
      .mockRejectedValueOnce(new Error('Network down'))
      .mockResolvedValueOnce(pages.last!);
    renderGames(fetchPage);
    await screen.findByText('Hawks vs Owls');
    list.scrollToEnd();
    expect(await screen.findByText('Network down')).toBeInTheDocument();
    expect(screen.getByText('Hawks vs Owls')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Hawks vs Bears')).toBeInTheDocument();
    expect(screen.queryByText('Network down')).not.toBeInTheDocument();
    expect(fetchPage.mock.calls).toEqual([[undefined], [1_741_111_200_000], [1_741_111_200_000]]);
  });
});
