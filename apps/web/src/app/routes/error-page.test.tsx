import { screen } from '@testing-library/react';
import { data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { ErrorPage } from '@/app/routes/error-page';
import { renderApp } from '@/test/render-app';

const SENTENCE = 'Oops! Sorry, an unexpected error has occurred.';

function Boom(): never {
  throw new Error('The video could not be loaded');
}

describe('ErrorPage', () => {
  it('shows the status text of a 404 route error', async () => {
    renderApp('/', {
      routes: [
        {
          path: '/',
          errorElement: <ErrorPage />,
          hydrateFallbackElement: <p>loading</p>,
          loader: () => {
            throw data(null, { status: 404, statusText: 'Not Found' });
          },
          element: <p>never</p>,
        },
      ],
    });
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(screen.getByText('Not Found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('shows the message of a thrown Error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the render error
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/', { routes: [{ path: '/', errorElement: <ErrorPage />, element: <Boom /> }] });
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(screen.getByText('The video could not be loaded')).toBeInTheDocument();
  });

  it('is what an unknown path under / shows: 404 Not Found, inside the main layout', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    expect(screen.getByText('Not Found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });
});
