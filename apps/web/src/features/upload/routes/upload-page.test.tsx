import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Level } from '@app/contracts/levels';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { NO_SUBSCRIPTION_MESSAGE } from '@/features/upload/components/test-video-offer';
import { MEDIA_DEVICES_ERROR } from '@/features/upload/hooks/use-camera';
import { errorJson, json, mockFetch } from '@/test/fetch-mock';
import { signedInSession, usageOf } from '@/test/fixtures';
import { pageRoutes } from '@/test/location-probe';
import { renderApp } from '@/test/render-app';

const subscribed = usageOf('team');
/** The start of an MP4 (an `ftyp` box): what the picker reads of a real video. */
const movieBytes = Uint8Array.from([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0]);

/** The PUT of the bytes: driven by the test (progress, then done). */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  body: unknown;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
  }
  finish(status = 200) {
    this.status = status;
    act(() => this.onload?.());
  }
}

function renderUpload(level: Level = 'team') {
  return renderApp('/upload', {
    routes: pageRoutes('/upload', () => import('@/features/upload/routes/upload-page')),
    session: signedInSession,
    level,
  });
}

describe('/upload', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('gives a trial athlete (level athlete, nothing paid yet) the uploader, not the test-video offer', async () => {
    mockFetch({ 'GET /api/user/usage': usageOf() });
    renderUpload('athlete');
    expect(await screen.findByRole('button', { name: 'Rec' })).toBeInTheDocument();
    expect(screen.getByLabelText('Video files')).toBeInTheDocument();
    expect(screen.queryByText(NO_SUBSCRIPTION_MESSAGE)).not.toBeInTheDocument();
  });

  it('offers a test video at level none, then goes to the video library', async () => {
    const net = mockFetch({
      'GET /api/user/usage': usageOf(),
      'POST /api/user/testvideo': json({}, 201),
    });
    renderUpload('none');
    expect(await screen.findByText(NO_SUBSCRIPTION_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rec' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create a test video' }));
    expect(await screen.findByText('at: /library/videos')).toBeInTheDocument();
    expect(net.call('POST', '/api/user/testvideo')).toBeDefined();
  });

  it('uploads chosen files with progress, then moves on to the confirm page after 1 s', async () => {
    const net = mockFetch({
      'GET /api/user/usage': subscribed,
      'POST /api/user/preupload': json(
        { key: 'k1', protocol: 'put', url: '/storage/put/k1?sig=x', maxBytes: 1e9, expiresAt: '2030-01-01T00:00:00.000Z' },
        201,
      ),
      'POST /api/user/preupload/k1/complete': json({ key: 'k1' }, 201),
    });
    renderUpload();
    const file = new File([new Uint8Array(100)], 'game.mp4', { type: 'video/mp4' });
    await userEvent.setup().upload(await screen.findByLabelText('Video files'), file);

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    expect(net.call('POST', '/api/user/preupload')?.body).toEqual({ fileName: 'game.mp4', contentType: 'video/mp4', size: 100 });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe('/storage/put/k1?sig=x');
    expect(xhr.headers['Content-Type']).toBe('video/mp4');

    xhr.progress(50, 100);
    expect(screen.getByText('Uploading 1 videos... 50% done. Please keep this window open...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /upload/i })).toBeDisabled();
    xhr.finish(200);
    expect(await screen.findByText('Your upload is complete! Refreshing the page...')).toBeInTheDocument();
    expect(await screen.findByText('at: /upload/confirm?key=k1', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('says when an upload fails, and tries again', async () => {
    let refuse = true;
    mockFetch({
      'GET /api/user/usage': subscribed,
      'POST /api/user/preupload': () =>
        refuse
          ? errorJson(503, 'Storage is unavailable.')
          : json({ key: 'k2', protocol: 'put', url: '/storage/put/k2', maxBytes: 1e9, expiresAt: '2030-01-01T00:00:00.000Z' }, 201),
      'POST /api/user/preupload/k2/complete': json({ key: 'k2' }, 201),
    });
    renderUpload();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Video files'), new File([movieBytes], 'a.mov', { type: 'video/quicktime' }));
    expect(await screen.findByText('There was a problem with your upload.')).toBeInTheDocument();
    expect(screen.getByText('Storage is unavailable.')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    await waitFor(() => expect(FakeXhr.last?.url).toBe('/storage/put/k2'));
    FakeXhr.last!.finish(200);
    expect(await screen.findByText('Your upload is complete! Refreshing the page...')).toBeInTheDocument();
  });

  it('refuses files that are not videos with a message, and uploads the videos chosen with them', async () => {
    const net = mockFetch({
      'GET /api/user/usage': subscribed,
      'POST /api/user/preupload': json({ key: 'k3', protocol: 'put', url: '/storage/put/k3', maxBytes: 1e9, expiresAt: '2030-01-01T00:00:00.000Z' }, 201),
    });
    renderUpload();
    const input = await screen.findByLabelText('Video files');
    expect(input).toHaveAttribute('accept', 'video/*');
    // "All files" in the picker bypasses accept: the page checks again.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('"notes.txt" is not a video file. Choose video files only (for example MP4, MOV or WebM).')).toBeInTheDocument();
    expect(net.call('POST', '/api/user/preupload')).toBeUndefined();

    // The browser types a text file named .mp4 as video/mp4: its bytes give it away.
    await user.upload(input, new File(['play 12: pick and roll\n'], 'fake.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText(/"fake.mp4" is not a video file/)).toBeInTheDocument();
    expect(net.call('POST', '/api/user/preupload')).toBeUndefined();

    await user.upload(input, [new File(['x'], 'readme.md', { type: 'text/markdown' }), new File([movieBytes], 'game.mts', { type: '' })]);
    expect(await screen.findByText(/"readme.md" is not a video file/)).toBeInTheDocument();
    await waitFor(() => expect(net.call('POST', '/api/user/preupload')?.body).toMatchObject({ fileName: 'game.mts', contentType: 'video/mp2t' }));
  });

  it('removes a failed file from the upload in one click', async () => {
    mockFetch({
      'GET /api/user/usage': subscribed,
      'POST /api/user/preupload': errorJson(503, 'Storage is unavailable.'),
    });
    renderUpload();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Video files'), new File([movieBytes], 'a.mov', { type: 'video/quicktime' }));
    expect(await screen.findByText('There was a problem with your upload.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove a.mov' }));
    await waitFor(() => expect(screen.queryByText('There was a problem with your upload.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /upload/i })).toBeEnabled();
  });

  it('titles a camera recording with its date and time', async () => {
    const net = mockFetch({
      'GET /api/user/usage': subscribed,
      'POST /api/user/preupload': json({ key: 'k4', protocol: 'put', url: '/storage/put/k4', maxBytes: 1e9, expiresAt: '2030-01-01T00:00:00.000Z' }, 201),
    });
    renderUpload();
    const recording = new File([Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3])], 'stream-1700000000000.webm', { type: 'video/webm' });
    await userEvent.setup().upload(await screen.findByLabelText('Video files'), recording);
    await waitFor(() => expect(net.call('POST', '/api/user/preupload')).toBeDefined());
    expect(net.call('POST', '/api/user/preupload')?.body).toMatchObject({
      fileName: 'stream-1700000000000.webm',
      title: `Recording ${new Date(1700000000000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`,
    });
  });

  it('alerts when the camera or microphone cannot be opened', async () => {
    mockFetch({ 'GET /api/user/usage': subscribed });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) },
    });
    renderUpload();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Camera' }));
    expect(await screen.findByText(MEDIA_DEVICES_ERROR)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rec' })).toBeDisabled();
  });
});
