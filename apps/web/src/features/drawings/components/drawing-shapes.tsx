import type { Shape } from '@app/contracts/film';
import { useId } from 'react';

import { arrowGeometry, boxOf, FRAME_UNITS, freehandPath, textSize, toUnits } from '@/features/drawings/utils/shape-geometry';
import { cn } from '@/lib/utils';

/** How dark a spotlight makes the rest of the frame. */
const SPOTLIGHT_SHADE = 0.6;

type DrawingShapesProps = {
  shapes: readonly Shape[];
  /** The frame's height / width. */
  aspect: number;
  className?: string;
  style?: React.CSSProperties;
};

/**
 * A drawing as SVG over its frame: the SVG covers exactly the displayed frame and draws in frame
 * units (see FRAME_UNITS), so it lines up at any size. Spotlights darken the frame outside all of
 * their ellipses together (one shade, however many), under the other shapes. Text is a text node of
 * an SVG <text>: whatever it says is shown, never read as markup.
 */
export function DrawingShapes({ shapes, aspect, className, style }: DrawingShapesProps) {
  // An id per drawing on the page: two drawings shown at once must not share a mask.
  const maskId = `spotlight-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const height = FRAME_UNITS * aspect;
  const spotlights = shapes.filter((s) => s.type === 'spotlight');
  return (
    <svg
      viewBox={`0 0 ${FRAME_UNITS} ${height}`}
      className={cn('pointer-events-none absolute overflow-hidden', className)}
      style={style}
      role="img"
      aria-label={`Drawing with ${shapes.length} ${shapes.length === 1 ? 'shape' : 'shapes'}`}
      data-drawing=""
    >
      {spotlights.length > 0 ? (
        <>
          <mask id={maskId}>
            <rect x={0} y={0} width={FRAME_UNITS} height={height} fill="white" />
            {spotlights.map((s, i) => (
              <ellipse key={i} {...ellipseOf(s, aspect)} fill="black" />
            ))}
          </mask>
          <rect x={0} y={0} width={FRAME_UNITS} height={height} fill="black" fillOpacity={SPOTLIGHT_SHADE} mask={`url(#${maskId})`} data-spotlight-shade="" />
        </>
      ) : null}
      {shapes.map((shape, i) => (
        <ShapeView key={i} shape={shape} aspect={aspect} />
      ))}
    </svg>
  );
}

function ellipseOf(shape: Shape, aspect: number) {
  const box = boxOf(toUnits(shape.points[0]!, aspect), toUnits(shape.points[1] ?? shape.points[0]!, aspect));
  return { cx: box.x + box.width / 2, cy: box.y + box.height / 2, rx: box.width / 2, ry: box.height / 2 };
}

function ShapeView({ shape, aspect }: { shape: Shape; aspect: number }) {
  const width = shape.width * FRAME_UNITS;
  const stroke = { stroke: shape.color, strokeWidth: width, strokeLinecap: 'round', strokeLinejoin: 'round', fill: 'none' } as const;
  const [first, second] = shape.points.map((p) => toUnits(p, aspect));
  if (!first) return null;
  switch (shape.type) {
    case 'line':
      return <line data-shape="line" x1={first[0]} y1={first[1]} x2={(second ?? first)[0]} y2={(second ?? first)[1]} {...stroke} />;
    case 'arrow': {
      const { shaftEnd, head } = arrowGeometry(first, second ?? first, width);
      return (
        <g data-shape="arrow">
          <line x1={first[0]} y1={first[1]} x2={shaftEnd[0]} y2={shaftEnd[1]} {...stroke} />
          {head ? <polygon points={head.map((p) => p.join(',')).join(' ')} fill={shape.color} stroke={shape.color} strokeWidth={width / 2} strokeLinejoin="round" /> : null}
        </g>
      );
    }
    case 'rect': {
      const box = boxOf(first, second ?? first);
      return <rect data-shape="rect" {...box} {...stroke} />;
    }
    case 'ellipse':
      return <ellipse data-shape="ellipse" {...ellipseOf(shape, aspect)} {...stroke} />;
    case 'spotlight':
      // The shade is drawn once for all spotlights (above); each keeps a thin ring in its colour.
      return <ellipse data-shape="spotlight" {...ellipseOf(shape, aspect)} {...stroke} strokeWidth={Math.max(1, width / 2)} />;
    case 'freehand':
      return <path data-shape="freehand" d={freehandPath(shape.points.map((p) => toUnits(p, aspect)), width)} fill={shape.color} />;
    case 'text': {
      const size = textSize(width);
      return (
        <text
          data-shape="text"
          x={first[0]}
          y={first[1]}
          fontSize={size}
          fontWeight={700}
          fontFamily="system-ui, sans-serif"
          dominantBaseline="hanging"
          fill={shape.color}
          // A dark edge keeps light text readable on a light picture.
          stroke="black"
          strokeWidth={size / 10}
          paintOrder="stroke"
        >
          {shape.text ?? ''}
        </text>
      );
    }
  }
}
