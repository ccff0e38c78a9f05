import type { ShapeType } from '@app/contracts/film';
import { CircleIcon, FlashlightIcon, MoveUpRightIcon, PenLineIcon, Redo2Icon, SlashIcon, SquareIcon, TypeIcon, Undo2Icon } from 'lucide-react';

import { COLORS, HOLD_CHOICES, TOOLS, WIDTHS } from '@/features/drawings/utils/drawing-tools';
import { cn } from '@/lib/utils';

const TOOL_ICONS: Record<ShapeType, React.ComponentType<{ 'aria-hidden'?: boolean }>> = {
  arrow: MoveUpRightIcon,
  line: SlashIcon,
  ellipse: CircleIcon,
  rect: SquareIcon,
  freehand: PenLineIcon,
  spotlight: FlashlightIcon,
  text: TypeIcon,
};

const iconButton =
  'flex size-8 shrink-0 items-center justify-center rounded-md text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white/70 disabled:opacity-40 [&_svg]:size-4 [&_svg]:pointer-events-none';
const selectClass =
  'h-8 cursor-pointer rounded-md bg-transparent px-1 text-xs font-semibold text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white/70';
const bar = 'pointer-events-auto flex flex-wrap items-center gap-0.5 rounded-lg bg-black/75 p-1 text-white shadow backdrop-blur-sm';

type DrawingToolbarProps = {
  tool: ShapeType;
  onTool: (tool: ShapeType) => void;
  color: string;
  onColor: (color: string) => void;
  width: number;
  onWidth: (width: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  holdSeconds: number;
  onHoldSeconds: (seconds: number) => void;
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
};

/** The drawing tools over the picture: tools and undo on top; colour, width, the hold, Cancel and Save at the bottom. */
export function DrawingToolbar(props: DrawingToolbarProps) {
  const { tool, onTool, color, onColor, width, onWidth } = props;
  return (
    <>
      <div role="toolbar" aria-label="Drawing tools" className={cn(bar, 'absolute top-2 left-2 max-w-[calc(100%-1rem)]')}>
        {TOOLS.map(({ type, label }) => {
          const Icon = TOOL_ICONS[type];
          return (
            <button key={type} type="button" aria-label={label} title={label} aria-pressed={tool === type} onClick={() => onTool(type)} className={cn(iconButton, tool === type && 'bg-white/25')}>
              <Icon aria-hidden />
            </button>
          );
        })}
        <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-white/30" />
        <button type="button" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={!props.canUndo} onClick={props.onUndo} className={iconButton}>
          <Undo2Icon aria-hidden />
        </button>
        <button type="button" aria-label="Redo" title="Redo (Shift+Ctrl+Z)" disabled={!props.canRedo} onClick={props.onRedo} className={iconButton}>
          <Redo2Icon aria-hidden />
        </button>
      </div>

      <div className={cn(bar, 'absolute bottom-2 left-2 max-w-[calc(100%-1rem)]')}>
        <div role="radiogroup" aria-label="Colour" className="flex items-center">
          {COLORS.map(({ value, label }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={color === value}
              aria-label={label}
              title={label}
              onClick={() => onColor(value)}
              className="flex size-7 items-center justify-center rounded-full outline-none focus-visible:ring-2 focus-visible:ring-white/70"
            >
              <span className={cn('size-4 rounded-full ring-1 ring-black/40', color === value && 'ring-2 ring-white ring-offset-1 ring-offset-black')} style={{ backgroundColor: value }} />
            </button>
          ))}
        </div>
        <select aria-label="Width" title="Width" value={width} onChange={(e) => onWidth(Number(e.target.value))} className={selectClass}>
          {WIDTHS.map(({ value, label }) => (
            <option key={value} value={value} className="bg-neutral-900 text-white">
              {label}
            </option>
          ))}
        </select>
        <select
          aria-label="Pause on it for"
          title="How long playback pauses on this drawing"
          value={props.holdSeconds}
          onChange={(e) => props.onHoldSeconds(Number(e.target.value))}
          className={selectClass}
        >
          {HOLD_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds} className="bg-neutral-900 text-white">
              {seconds === 0 ? 'No pause' : `Pause ${seconds} s`}
            </option>
          ))}
        </select>
        <button type="button" onClick={props.onCancel} className="h-8 rounded-md px-2 text-xs font-semibold outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white/70">
          Cancel
        </button>
        <button
          type="button"
          onClick={props.onSave}
          disabled={!props.canSave || props.saving}
          className="bg-primary text-primary-foreground h-8 rounded-md px-3 text-xs font-semibold outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-white/70 disabled:opacity-50"
        >
          {props.saving ? 'Saving...' : 'Save'}
        </button>
      </div>
    </>
  );
}
