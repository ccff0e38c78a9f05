import { SHAPE_LOOK } from '@app/contracts/film';
import type { Shape } from '@app/contracts/film';

import { arrowGeometry, boxOf, FRAME_UNITS, freehandPath, spotlightPath, textSize, toUnits } from '@/features/drawings/utils/shape-geometry';
import { cn } from '@/lib/utils';

type DrawingShapesProps = {
  shapes: readonly Shape[];
  /** The frame's height / width. */
  aspect: number;
  className?: string;
  style?: React.CSSProperties;
};

/**
 * A drawing as SVG over its frame: the SVG covers exactly the displayed frame and draws in frame
 * units (see FRAME_UNITS), so it lines up at any size, and looks as exports burn it in (SHAPE_LOOK).
 * Text is a text node of an SVG <text>: whatever it says is shown, never read as markup.
 */
export function DrawingShapes({ shapes, aspect, className, style }: DrawingShapesProps) {
  return (
    <svg
      viewBox={`0 0 ${FRAME_UNITS} ${FRAME_UNITS * aspect}`}
      className={cn('pointer-events-none absolute overflow-hidden', className)}
      style={style}
      role="img"
      aria-label={`Drawing with ${shapes.length} ${shapes.length === 1 ? 'shape' : 'shapes'}`}
      data-drawing=""
    >
      {shapes.map((shape, i) => (
        <ShapeView key={i} shape={shape} aspect={aspect} />
      ))}
    </svg>
  );
}

function ShapeView({ shape, aspect }: { shape: Shape; aspect: number }) {
  const width = shape.width * FRAME_UNITS;
  const stroke = { stroke: shape.color, strokeWidth: width, fill: 'none' } as const;
  const points = shape.points.map((p) => toUnits(p, aspect));
  const [first, second = first] = points;
  if (!first || !second) return null;
  switch (shape.type) {
    case 'line':
      return <line data-shape="line" x1={first[0]} y1={first[1]} x2={second[0]} y2={second[1]} {...stroke} strokeLinecap="round" />;
    case 'arrow': {
      const { shaftEnd, head } = arrowGeometry(first, second, width);
      return (
        <g data-shape="arrow">
          <line x1={first[0]} y1={first[1]} x2={shaftEnd[0]} y2={shaftEnd[1]} {...stroke} strokeLinecap="round" />
          {head ? <polygon points={head.map((p) => p.join(',')).join(' ')} fill={shape.color} /> : null}
        </g>
      );
    }
    case 'rect':
      return <rect data-shape="rect" {...boxOf(first, second)} {...stroke} strokeLinejoin="round" />;
    case 'ellipse': {
      const box = boxOf(first, second);
      return <ellipse data-shape="ellipse" cx={box.x + box.width / 2} cy={box.y + box.height / 2} rx={box.width / 2} ry={box.height / 2} {...stroke} />;
    }
    case 'spotlight':
      return <path data-shape="spotlight" d={spotlightPath(first, second, FRAME_UNITS * aspect)} fill="#000000" fillOpacity={SHAPE_LOOK.spotlightOpacity} fillRule="evenodd" />;
    case 'freehand':
      return <path data-shape="freehand" d={freehandPath(points, width)} fill={shape.color} />;
    case 'text': {
      const size = textSize(width);
      return (
        <text
          data-shape="text"
          x={first[0]}
          y={first[1]}
          fontSize={size}
          fontFamily="DejaVu Sans, Arial, sans-serif"
          dominantBaseline="hanging"
          fill={shape.color}
          // A dark outline under the fill keeps light text readable on a light picture.
          stroke="#000000"
          strokeWidth={size / 12}
          strokeLinejoin="round"
          paintOrder="stroke"
        >
          {shape.text ?? ''}
        </text>
      );
    }
  }
}
