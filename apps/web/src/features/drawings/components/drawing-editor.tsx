import { DEFAULT_HOLD_SECONDS, drawingBody, DRAWING_SHAPES_MAX, DRAWING_TEXT_MAX, type DrawingBody, type Shape, type ShapeType } from '@app/contracts/film';
import { useEffect, useRef, useState } from 'react';

import { fromFrame, toFrame, type FrameBox } from '@/components/player/frame-box';
import { shortcutFor } from '@/components/player/shortcuts';
import { DrawingShapes } from '@/features/drawings/components/drawing-shapes';
import { DrawingToolbar } from '@/features/drawings/components/drawing-toolbar';
import { COLORS, DEFAULT_WIDTH } from '@/features/drawings/utils/drawing-tools';
import { isVisible, type Point } from '@/features/drawings/utils/shape-geometry';
import { addShape, redo, startHistory, undo, type ShapeHistory } from '@/features/drawings/utils/shape-history';
import { simplifyStroke } from '@/features/drawings/utils/simplify-stroke';

/** Freehand points nearer than this to the last one (a fraction of the frame) add nothing but weight. */
const MIN_STEP = 0.001;
/** The player's keys that still act while drawing: they do not move the frame. */
const KEYS_KEPT = new Set(['fullscreen', 'mute']);

type DrawingEditorProps = {
  frame: FrameBox;
  /** Seconds of the video: the paused frame drawn on. */
  at: number;
  initialShapes?: readonly Shape[];
  initialHoldSeconds?: number;
  saving: boolean;
  /** Why the last save failed (the server's message). */
  error: string | null;
  onSave: (body: DrawingBody) => void;
  onCancel: () => void;
};

/**
 * Drawing on a paused frame: a layer over the whole picture takes mouse, pen and finger alike
 * (Pointer Events, captured for the stroke, no scrolling or zooming on it) and draws in fractions
 * of the displayed frame, so the drawing sits right at any size. Undo and redo by the buttons or
 * Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z; the player's keys that would move off the frame do nothing here.
 */
export function DrawingEditor({ frame, at, initialShapes = [], initialHoldSeconds = DEFAULT_HOLD_SECONDS, saving, error, onSave, onCancel }: DrawingEditorProps) {
  const [history, setHistory] = useState<ShapeHistory>(() => startHistory(initialShapes));
  const [tool, setTool] = useState<ShapeType>('arrow');
  const [color, setColor] = useState(COLORS[0]!.value);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const [holdSeconds, setHoldSeconds] = useState(initialHoldSeconds);
  const [draft, setDraft] = useState<Shape | null>(null);
  const [textAt, setTextAt] = useState<Point | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stroke = useRef<{ pointerId: number; shape: Shape } | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  const textField = useRef<HTMLInputElement>(null);
  const shapes = history.present;
  const full = shapes.length >= DRAWING_SHAPES_MAX;

  function add(shape: Shape) {
    if (!isVisible(shape)) return;
    setProblem(null);
    setHistory((h) => addShape(h, shape));
  }

  // Undo and redo from the keyboard; the player's moving keys are held back (a capture listener
  // runs before the player's, which skips a key already taken).
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, textarea, select')) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && (key === 'z' || key === 'y')) {
        event.preventDefault();
        setHistory((h) => (key === 'y' || event.shiftKey ? redo(h) : undo(h)));
        return;
      }
      const action = shortcutFor(event);
      if (action && !KEYS_KEPT.has(action)) event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  function pointOf(event: { clientX: number; clientY: number }): Point {
    const rect = layer.current!.getBoundingClientRect();
    return toFrame(event.clientX - rect.left, event.clientY - rect.top, frame);
  }

  function onPointerDown(event: React.PointerEvent<HTMLDivElement>) {
    // One stroke at a time (a second finger does nothing); a mouse draws with its main button only.
    if (stroke.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    // A text being typed is put down first (its field takes it on blur); the next tap starts anew.
    if (textAt) return textField.current?.blur();
    const p = pointOf(event);
    if (tool === 'text') return setTextAt(p);
    if (full) return setProblem(`A drawing has at most ${DRAWING_SHAPES_MAX} shapes`);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const shape: Shape = { type: tool, points: tool === 'freehand' ? [p] : [p, p], color, width };
    stroke.current = { pointerId: event.pointerId, shape };
    setDraft(shape);
  }

  function onPointerMove(event: React.PointerEvent<HTMLDivElement>) {
    const current = stroke.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const { shape } = current;
    let next: Shape;
    if (shape.type === 'freehand') {
      // A pen reports more points than events: take them all.
      const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
      const points = [...shape.points];
      for (const sample of samples.length > 0 ? samples : [event]) {
        const p = pointOf(sample);
        const last = points.at(-1)!;
        if (Math.hypot(p[0] - last[0], p[1] - last[1]) >= MIN_STEP) points.push(p);
      }
      next = { ...shape, points };
    } else {
      next = { ...shape, points: [shape.points[0]!, pointOf(event)] };
    }
    current.shape = next;
    setDraft(next);
  }

  function onPointerEnd(event: React.PointerEvent<HTMLDivElement>) {
    const current = stroke.current;
    if (!current || current.pointerId !== event.pointerId) return;
    stroke.current = null;
    setDraft(null);
    if (event.type === 'pointercancel') return;
    const { shape } = current;
    add(shape.type === 'freehand' ? { ...shape, points: simplifyStroke(shape.points) } : shape);
  }

  function commitText(text: string) {
    if (textAt && text.trim()) add({ type: 'text', points: [textAt], color, width, text: text.trim().slice(0, DRAWING_TEXT_MAX) });
    setTextAt(null);
  }

  function save() {
    const body = drawingBody.safeParse({ at, holdSeconds, shapes });
    if (!body.success) return setProblem(body.error.issues[0]?.message ?? 'This drawing cannot be saved.');
    setProblem(null);
    onSave(body.data);
  }

  const aspect = frame.height / frame.width;
  const message = problem ?? error;
  return (
    <div className="pointer-events-auto absolute inset-0" data-drawing-editor="">
      <div
        ref={layer}
        aria-label="Drawing area"
        className="absolute inset-0 cursor-crosshair touch-none select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <DrawingShapes shapes={draft ? [...shapes, draft] : shapes} aspect={aspect} style={{ left: frame.left, top: frame.top, width: frame.width, height: frame.height }} />
      </div>
      {textAt ? <TextEntry ref={textField} frame={frame} at={textAt} color={color} onDone={commitText} /> : null}
      <DrawingToolbar
        tool={tool}
        onTool={setTool}
        color={color}
        onColor={setColor}
        width={width}
        onWidth={setWidth}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={() => setHistory(undo)}
        onRedo={() => setHistory(redo)}
        holdSeconds={holdSeconds}
        onHoldSeconds={setHoldSeconds}
        canSave={shapes.length > 0}
        saving={saving}
        onSave={save}
        onCancel={onCancel}
      />
      {message ? (
        <p role="alert" className="pointer-events-none absolute inset-x-2 top-12 mx-auto w-fit rounded-md bg-red-700/90 px-2 py-1 text-xs text-white">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The text tool's field, where the text goes on the frame: Enter (or leaving it) puts the text there, Escape drops it. */
function TextEntry({ frame, at, color, onDone, ref }: { frame: FrameBox; at: Point; color: string; onDone: (text: string) => void; ref: React.Ref<HTMLInputElement> }) {
  const [text, setText] = useState('');
  // Enter and the blur that may follow it end the same text once.
  const done = useRef(false);
  const finish = (value: string) => {
    if (done.current) return;
    done.current = true;
    onDone(value);
  };
  return (
    <input
      ref={ref}
      // The field opens where it was tapped, for typing at once.
      autoFocus
      aria-label="Text"
      value={text}
      maxLength={DRAWING_TEXT_MAX}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') finish(text);
        else if (e.key === 'Escape') finish('');
      }}
      onBlur={() => finish(text)}
      className="absolute z-10 h-8 w-48 max-w-[60%] rounded border border-white/60 bg-black/70 px-2 text-sm font-semibold outline-none"
      style={{ left: fromFrame(at, frame).x, top: fromFrame(at, frame).y, color }}
    />
  );
}
