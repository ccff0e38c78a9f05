import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { json, mockFetch } from '@/test/fetch-mock';
import { signedInSession, usageOf } from '@/test/fixtures';
import { expiresIn, makeJwt } from '@/test/jwt';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';
import type { Level } from '@app/contracts/levels';

/** The browser's WebSocket, driven by the test as the server would. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static last: FakeSocket | null = null;
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: unknown) {
    this.sent.push(data);
  }
  close(code?: number, reason?: string) {
    this.closedWith = { code, reason };
    this.serverCloses(code ?? 1005, reason ?? '');
  }
  serverReady() {
    this.readyState = FakeSocket.OPEN;
    act(() => this.onmessage?.({ data: JSON.stringify({ type: 'ready' }) }));
  }
  serverCloses(code: number, reason: string) {
    this.readyState = FakeSocket.CLOSED;
    act(() => this.onclose?.({ code, reason }));
  }
}

/** MediaRecorder: a chunk per `emit`, the last one on stop (as browsers do). */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType?: string },
  ) {
    FakeRecorder.last = this;
  }
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  emit(bytes: string) {
    this.ondataavailable?.({ data: new Blob([bytes]) });
  }
  stop() {
    this.state = 'inactive';
    this.emit('last');
    this.onstop?.();
  }
}

const token = makeJwt({ userId: 1, exp: expiresIn(900) });
const track = { stop: vi.fn(), getSettings: () => ({ deviceId: 'cam1' }) };
const stream = { getTracks: () => [track], getVideoTracks: () => [track] };

function me(sport?: string) {
  return { userId: 1, userUuid: 'uuid-1', username: 'coach', name: 'Eagles', type: 'team', ...(sport ? { sport } : {}) };
}

function renderUpload(level: Level = 'team', path = '/upload') {
  return renderApp(path, { routes: pageRoutes('/upload', () => import('@/features/upload/routes/upload-page')), session: signedInSession, level });
}

async function startCamera(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Camera' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Camera' })).toBeDisabled());
}

describe('Go live on /upload', () => {
  beforeEach(() => {
    FakeSocket.last = null;
    FakeRecorder.last = null;
    document.cookie = `access.tenant1=${token}; Path=/`;
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockResolvedValue(stream), enumerateDevices: vi.fn().mockResolvedValue([]) },
    });
  });

  it('creates an event, streams 250 ms chunks once the server is ready, shows LIVE and the viewer link, and End closes', async () => {
    const net = mockFetch({
      'GET /api/user/usage': usageOf('team'),
      'GET /api/user/me': me(),
      'POST /api/events': json({ key: 'evKey123', ingestKey: 'secret' }, 201),
    });
    const user = userEvent.setup();
    renderUpload();
    await startCamera(user);
    // The profile names no sport: one is chosen first.
    expect(screen.getByRole('button', { name: 'Go live' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), 'BBK');
    await user.click(screen.getByRole('button', { name: 'Go live' }));

    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    const body = net.call('POST', '/api/events')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'BBK', public: false, thumbnail: '' });
    expect(body.title).toMatch(/^Live from Eagles /);
    const socket = FakeSocket.last!;
    expect(socket.url).toBe(`ws://localhost:3000/api/live/evKey123/publish?access_token=${encodeURIComponent(token)}`);
    expect(screen.getByText('Connecting...')).toBeInTheDocument();
    expect(FakeRecorder.last).toBeNull();

    socket.serverReady();
    expect(await screen.findByText(/^LIVE 0:0\d$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the viewer page' })).toHaveAttribute('href', '/live/evKey123');
    expect(screen.getByRole('button', { name: 'Rec' })).toBeDisabled();
    const recorder = FakeRecorder.last!;
    expect(recorder.timeslice).toBe(250);
    expect(recorder.options.mimeType).toMatch(/^video\/webm/);
    recorder.emit('chunk');
    expect(socket.sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'End' }));
    // The last chunk goes out before the socket closes.
    expect(socket.sent).toHaveLength(2);
    expect(socket.closedWith).toEqual({ code: 1000, reason: 'Ended' });
    expect(await screen.findByRole('button', { name: 'Go live' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("streams to the event in ?event= with the profile's sport unused, and shows the server's reason when it refuses", async () => {
    const net = mockFetch({ 'GET /api/user/usage': usageOf('team'), 'GET /api/user/me': me('Basketball') });
    const user = userEvent.setup();
    renderUpload('team', '/upload?event=given1');
    await startCamera(user);
    expect(screen.queryByRole('combobox', { name: 'Sport' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(FakeSocket.last?.url).toContain('/api/live/given1/publish?access_token='));
    expect(net.call('POST', '/api/events')).toBeUndefined();

    FakeSocket.last!.serverCloses(4409, 'This event is already being streamed from another device.');
    expect(await screen.findByText('This event is already being streamed from another device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go live' })).toBeEnabled();
    expect(FakeRecorder.last).toBeNull();
  });

  it('says so when the connection drops while live', async () => {
    const net = mockFetch({
      'GET /api/user/usage': usageOf('team'),
      'GET /api/user/me': me('bbk'),
      'POST /api/events': json({ key: 'evKey9', ingestKey: 'secret' }, 201),
    });
    const user = userEvent.setup();
    renderUpload();
    await startCamera(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go live' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Go live' }));
    await waitFor(() => expect(FakeSocket.last).not.toBeNull());
    expect(net.call('POST', '/api/events')!.body).toMatchObject({ type: 'BBK' });
    FakeSocket.last!.serverReady();
    await screen.findByText(/^LIVE /);
    FakeSocket.last!.serverCloses(1006, '');
    expect(await screen.findByText('The connection to the server was lost. The stream has stopped.')).toBeInTheDocument();
    expect(FakeRecorder.last!.state).toBe('inactive');
  });

  it('is offered to team subscribers only', async () => {
    mockFetch({ 'GET /api/user/usage': usageOf('athlete'), 'GET /api/user/me': me() });
    renderUpload('athlete');
    expect(await screen.findByRole('button', { name: 'Rec' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go live' })).not.toBeInTheDocument();
  });
});
