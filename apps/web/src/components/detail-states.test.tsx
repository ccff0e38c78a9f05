import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { ClapperboardIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';

import { DetailStates } from '@/components/detail-states';
import { ApiError } from '@/lib/api-client';

type Clip = { title: string };

function ClipPage({ load, pageTitle }: { load: () => Promise<Clip>; pageTitle?: string }) {
  const clip = useQuery({ queryKey: ['clip'], queryFn: load });
  return (
    <DetailStates query={clip} noun="clip" icon={ClapperboardIcon} notFound="It may have been deleted." pageTitle={pageTitle}>
      {(data) => <h1>{data.title}</h1>}
    </DetailStates>
  );
}

function renderClip(load: () => Promise<Clip>, pageTitle?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ClipPage load={load} pageTitle={pageTitle} />
    </QueryClientProvider>,
  );
}

describe('DetailStates', () => {
  it("says 'Loading...' until the thing arrives, then shows it", async () => {
    let resolve!: (clip: Clip) => void;
    renderClip(() => new Promise<Clip>((done) => (resolve = done)));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    resolve({ title: 'Hawks vs Owls' });
    expect(await screen.findByRole('heading', { name: 'Hawks vs Owls' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names a 404 as not found, with the reason it may happen', async () => {
    renderClip(() => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not Found')));
    expect(await screen.findByText('Clip not found')).toBeInTheDocument();
    expect(screen.getByText('It may have been deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why any other failure happened, on a page of its own when asked', async () => {
    renderClip(() => Promise.reject(new ApiError(500, 'INTERNAL', 'The database is down.')), 'Clip');
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is down.');
    expect(screen.getByText('Could not load the clip')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Clip' })).toBeInTheDocument();
  });
});
