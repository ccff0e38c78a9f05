import { describe, expect, it } from 'vitest';
import { looksLikeText } from '../src/signature';
import { sniffMedia } from '../src/sniff';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffMedia', () => {
  it('recognises movie containers', () => {
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypisom'))).toEqual({ kind: 'video', format: 'mp4' });
    expect(sniffMedia(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toEqual({ kind: 'video', format: 'mp4' });
    expect(sniffMedia(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'))).toEqual({ kind: 'video', format: 'mov' });
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))?.format).toBe('matroska');
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))?.format).toBe('avi');
    expect(sniffMedia(bytes('FLV', [1, 5]))?.format).toBe('flv');
    const ts = new Uint8Array(400);
    ts[0] = ts[188] = ts[376] = 0x47;
    expect(sniffMedia(ts)?.format).toBe('mpegts');
  });

  it('tells images and audio apart from movies', () => {
    expect(sniffMedia(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ kind: 'image', format: 'png' });
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0]))?.kind).toBe('image');
    expect(sniffMedia(bytes([0, 0, 0, 0x18], 'ftypheic'))?.kind).toBe('image');
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.kind).toBe('image');
    expect(sniffMedia(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toEqual({ kind: 'audio', format: 'm4a' });
    expect(sniffMedia(bytes('ID3', [4, 0]))?.kind).toBe('audio');
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))?.kind).toBe('audio');
  });

  it('knows nothing about text, empty or short input', () => {
    expect(sniffMedia(bytes('These are my notes about the match.'))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
    expect(sniffMedia(bytes([0, 0, 0]))).toBeNull();
    expect(sniffMedia(bytes('{"moov": true}'))).toBeNull();
  });
});

describe('looksLikeText', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  it('finds text files, whatever their name says', () => {
    expect(looksLikeText(utf8('Team notes\r\n\tplay 12: pick and roll\n'))).toBe(true);
    expect(looksLikeText(utf8('{"title": "Derby — Spiel 2", "score": "2:1"}'))).toBe(true);
    // A sample that ends inside a multi-byte character is still text.
    expect(looksLikeText(utf8('Mannschaft Übung é').subarray(0, -1))).toBe(true);
  });

  it('never takes a video for text', () => {
    expect(looksLikeText(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe(false);
    expect(looksLikeText(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe(false);
    // Camcorder M2TS: a 4-byte timestamp before each sync byte, no signature sniffMedia knows.
    expect(looksLikeText(bytes([0x00, 0x1f, 0x3c, 0x21, 0x47, 0x40, 0x00, 0x10]))).toBe(false);
    expect(looksLikeText(new Uint8Array(0))).toBe(false);
  });
});
