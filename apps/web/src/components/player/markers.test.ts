import { describe, expect, it } from 'vitest';

import { clampTime, frameDuration, markerColor, timeAtPointer, timelinePercent } from '@/components/player/markers';
import { shortcutFor } from '@/components/player/shortcuts';
import { availableQualities, defaultQuality, sameMedia } from '@/components/player/sources';

describe('markerColor', () => {
  it('cycles grey, orange, darkgreen', () => {
    expect([0, 1, 2, 3, 4, 5].map(markerColor)).toEqual(['grey', 'orange', 'darkgreen', 'grey', 'orange', 'darkgreen']);
  });
});

describe('timeline math', () => {
  it('places times in percent and pointers in seconds', () => {
    expect(timelinePercent(30, 120)).toBe(25);
    expect(timelinePercent(200, 120)).toBe(100);
    expect(timelinePercent(5, 0)).toBe(0);
    expect(timeAtPointer(150, 100, 200, 60)).toBe(15);
    expect(timeAtPointer(50, 100, 200, 60)).toBe(0);
    expect(timeAtPointer(400, 100, 200, 60)).toBe(60);
  });

  it('steps one frame, 1/30 s when the frame rate is unknown', () => {
    expect(frameDuration()).toBeCloseTo(1 / 30);
    expect(frameDuration(25)).toBe(0.04);
    expect(frameDuration(0)).toBeCloseTo(1 / 30);
  });

  it('keeps seeks inside the video', () => {
    expect(clampTime(-2, 60)).toBe(0);
    expect(clampTime(65, 60)).toBe(60);
    expect(clampTime(65, Number.NaN)).toBe(65);
  });
});

describe('sources', () => {
  const src = (name: string) => ({ url: `/v/${name}.mp4?sig=1`, width: 1280, height: 720 });

  it('starts with full, else preview, else low', () => {
    expect(defaultQuality({ full: src('full'), preview: src('p'), low: src('low') })).toBe('full');
    expect(defaultQuality({ preview: src('p'), low: src('low') })).toBe('preview');
    expect(defaultQuality({ low: src('low') })).toBe('low');
    expect(defaultQuality({})).toBeNull();
  });

  it('offers preview only while there is no full rendition', () => {
    expect(availableQualities({ full: src('full'), preview: src('p'), low: src('low') })).toEqual(['full', 'low']);
    expect(availableQualities({ preview: src('p') })).toEqual(['preview']);
  });

  it('treats a re-signed URL as the same media', () => {
    expect(sameMedia('/v/full.mp4?sig=1', '/v/full.mp4?sig=2')).toBe(true);
    expect(sameMedia('/v/full.mp4?sig=1', '/v/low.mp4?sig=1')).toBe(false);
  });
});

describe('shortcutFor', () => {
  const key = (k: string, target: EventTarget | null = document.body) => ({ key: k, altKey: false, ctrlKey: false, metaKey: false, target });

  it('maps the film-study keys', () => {
    expect(shortcutFor(key(' '))).toBe('toggle-play');
    expect(shortcutFor(key('ArrowLeft'))).toBe('back');
    expect(shortcutFor(key('ArrowRight'))).toBe('forward');
    expect(shortcutFor(key(','))).toBe('frame-back');
    expect(shortcutFor(key('.'))).toBe('frame-forward');
    expect(shortcutFor(key('i'))).toBe('mark-in');
    expect(shortcutFor(key('O'))).toBe('mark-out');
    expect(shortcutFor(key('x'))).toBeNull();
  });

  it('works whatever control has focus: Space on the focused Next frame button plays', () => {
    const button = document.createElement('button');
    const link = document.createElement('a');
    link.href = '/team';
    const slider = document.createElement('div');
    slider.setAttribute('role', 'slider');
    expect(shortcutFor(key(' ', button))).toBe('toggle-play');
    expect(shortcutFor(key('.', button))).toBe('frame-forward');
    expect(shortcutFor(key(' ', link))).toBe('toggle-play');
    expect(shortcutFor(key('ArrowLeft', slider))).toBe('back');
  });

  it('leaves every key to text fields and selects, and choosing keys to an open menu', () => {
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    const item = menu.appendChild(document.createElement('div'));
    item.setAttribute('role', 'menuitem');
    for (const field of [document.createElement('input'), document.createElement('textarea'), document.createElement('select'), editable, item]) {
      expect(shortcutFor(key(' ', field))).toBeNull();
      expect(shortcutFor(key('ArrowLeft', field))).toBeNull();
    }
    expect(shortcutFor({ ...key('ArrowLeft'), metaKey: true })).toBeNull();
  });
});
