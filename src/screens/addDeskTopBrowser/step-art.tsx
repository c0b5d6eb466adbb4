/**
 * Inline SVG illustrations of the add-to-home-screen steps and small browser glyphs, drawn with the theme's colours
 * (CSS custom properties), so there is no image to download and they follow the sub-product theme.
 * The labels drawn inside (the iPhone's menu entries, the app's name) come from the `a2hs` catalog and the config.
 * Sizing is styled by the screen through `<prefix>-art`; the tap-highlight pulse by step-art.css.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { product } from '#src/config.ts';
import type { BrowserId, IllustrationKind } from './browsers.ts';
import './step-art.css';

const C = {
  primary: 'var(--color-primary)',
  primaryContrast: 'var(--color-primary-contrast)',
  primarySoft: 'var(--color-primary-soft)',
  accent: 'var(--color-accent)',
  bg: 'var(--color-bg)',
  surface: 'var(--color-surface)',
  text: 'var(--color-text)',
  muted: 'var(--color-text-muted)',
  border: 'var(--color-border)',
} as const;

const fill = (colour: string, opacity?: number): CSSProperties => ({ fill: colour, fillOpacity: opacity });
const line = (colour: string, width = 2): CSSProperties => ({
  fill: 'none',
  stroke: colour,
  strokeWidth: width,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});

/** 24-unit glyph paths. */
const GLYPH = {
  back: 'M15 5 8 12l7 7',
  forward: 'm9 5 7 7-7 7',
  share: 'M12 3v12M7 8l5-5 5 5M5 13v7h14v-7',
  book: 'M4 5h6a2 2 0 0 1 2 2v13a2 2 0 0 0-2-2H4zM20 5h-6a2 2 0 0 0-2 2v13a2 2 0 0 1 2-2h6z',
  tabs: 'M8 8h12v12H8zM4 16V4h12',
  menu: 'M5 7h14M5 12h14M5 17h14',
  dots: 'M6 12h.01M12 12h.01M18 12h.01',
  plusSquare: 'M4 4h16v16H4zM12 8v8M8 12h8',
  plus: 'M12 5v14M5 12h14',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  close: 'M6 6l12 12M18 6 6 18',
  copy: 'M8 8h12v12H8zM4 16V4h12',
  refresh: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5',
  home: 'M3 11 12 3l9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1z',
} as const;
type GlyphName = keyof typeof GLYPH;

/** A glyph centred on (x, y), `size` units wide. */
function Glyph({
  name,
  x,
  y,
  size = 10,
  colour = C.text,
  width,
}: {
  name: GlyphName;
  x: number;
  y: number;
  size?: number;
  colour?: string;
  width?: number;
}) {
  const scale = size / 24;
  return (
    <g transform={`translate(${x - size / 2} ${y - size / 2}) scale(${scale})`}>
      <path d={GLYPH[name]} style={line(colour, width ?? (name === 'dots' ? 4 : 2))} />
    </g>
  );
}

/** The pulsing ring that marks where to tap. */
function TapCircle({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g>
      <circle className="step-art-pulse" cx={x} cy={y} r={r} style={line(C.accent, 2)} />
      <circle cx={x} cy={y} r={r} style={line(C.accent, 1.5)} />
    </g>
  );
}

/** The pulsing outline that marks a row or a button to tap. */
function TapRect({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <g>
      <rect className="step-art-pulse" x={x} y={y} width={w} height={h} rx={4} style={line(C.accent, 2)} />
      <rect x={x} y={y} width={w} height={h} rx={4} style={line(C.accent, 1.5)} />
    </g>
  );
}

function Label({
  x,
  y,
  children,
  colour = C.text,
  anchor = 'start',
  bold = false,
  size = 6.5,
}: {
  x: number;
  y: number;
  children: ReactNode;
  colour?: string;
  anchor?: 'start' | 'middle' | 'end';
  bold?: boolean;
  size?: number;
}) {
  return (
    <text
      x={x}
      y={y}
      fontSize={size}
      fontWeight={bold ? 600 : 400}
      textAnchor={anchor}
      dominantBaseline="middle"
      style={fill(colour)}
    >
      {children}
    </text>
  );
}

/** A placeholder line of text. */
function Bar({ x, y, w, colour = C.border, h = 4 }: { x: number; y: number; w: number; colour?: string; h?: number }) {
  return <rect x={x} y={y} width={w} height={h} rx={h / 2} style={fill(colour)} />;
}

function ScreenBase({ background = C.bg }: { background?: string }) {
  return <rect x={0} y={0} width={120} height={200} rx={10} style={fill(background)} />;
}

function StatusBar() {
  return (
    <g>
      <Bar x={10} y={4} w={14} h={3.5} colour={C.text} />
      <rect x={98} y={4} width={12} height={4} rx={1.2} style={line(C.text, 0.8)} />
      <rect x={99} y={5} width={8} height={2} style={fill(C.text)} />
    </g>
  );
}

/** The app's own page as it appears inside the browser: its title band and a couple of cards. */
function AppPage({ top }: { top: number }) {
  return (
    <g>
      <rect x={0} y={top} width={120} height={18} style={fill(C.primary)} />
      <Bar x={42} y={top + 7} w={36} colour={C.primaryContrast} />
      <rect x={8} y={top + 26} width={104} height={44} rx={5} style={fill(C.surface)} />
      <Bar x={16} y={top + 34} w={52} />
      <Bar x={16} y={top + 44} w={80} colour={C.primarySoft} h={8} />
      <rect x={16} y={top + 57} width={88} height={8} rx={4} style={fill(C.primary)} />
      <rect x={8} y={top + 78} width={104} height={30} rx={5} style={fill(C.surface)} />
      <Bar x={16} y={top + 86} w={64} />
      <Bar x={16} y={top + 96} w={44} />
    </g>
  );
}

/** Safari's bottom address field and toolbar (iOS 15 and later). */
function SafariBottom() {
  return (
    <g>
      <rect x={0} y={152} width={120} height={48} style={fill(C.surface)} />
      <rect x={10} y={156} width={100} height={14} rx={7} style={fill(C.bg)} />
      <Bar x={40} y={161} w={40} colour={C.muted} />
      <Glyph name="back" x={14} y={186} />
      <Glyph name="forward" x={37} y={186} colour={C.border} />
      <Glyph name="share" x={60} y={186} colour={C.primary} />
      <Glyph name="book" x={83} y={186} />
      <Glyph name="tabs" x={106} y={186} />
    </g>
  );
}

/** A bottom toolbar ending in a menu button (Firefox, Edge for iOS). */
function MenuBottom() {
  return (
    <g>
      <rect x={0} y={152} width={120} height={48} style={fill(C.surface)} />
      <rect x={10} y={156} width={100} height={14} rx={7} style={fill(C.bg)} />
      <Bar x={40} y={161} w={40} colour={C.muted} />
      <Glyph name="back" x={14} y={186} />
      <Glyph name="forward" x={37} y={186} colour={C.border} />
      <Glyph name="plus" x={60} y={186} />
      <Glyph name="tabs" x={83} y={186} />
      <Glyph name="menu" x={106} y={186} colour={C.primary} />
    </g>
  );
}

/** A dimmed page behind a sheet or a menu. */
function Dim() {
  return <rect x={0} y={0} width={120} height={200} rx={10} style={fill(C.text, 0.35)} />;
}

/** An in-app browser's top bar (Facebook, Messenger): close, page title, menu. */
function InAppTop() {
  return (
    <g>
      <rect x={0} y={11} width={120} height={22} style={fill(C.surface)} />
      <Glyph name="close" x={12} y={22} />
      <Bar x={38} y={16} w={44} colour={C.text} h={3.5} />
      <Bar x={46} y={24} w={28} colour={C.muted} h={3} />
      <Glyph name="dots" x={106} y={22} />
    </g>
  );
}

function AppIcon({ x, y, size }: { x: number; y: number; size: number }) {
  const r = size / 2;
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} rx={size / 4.5} style={fill(C.primary)} />
      <circle cx={x + r} cy={y + r} r={r * 0.55} style={line(C.primaryContrast, size / 10)} />
      <path d={`M${x + r} ${y + r * 0.65}v${r * 0.7}`} style={line(C.primaryContrast, size / 10)} />
    </g>
  );
}

function Art({ kind }: { kind: IllustrationKind }) {
  const { t } = useTranslation('a2hs');
  const appName = product.shortName ?? product.displayName;
  switch (kind) {
    case 'shareToolbar':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <AppPage top={12} />
          <SafariBottom />
          <TapCircle x={60} y={186} r={9} />
        </>
      );
    case 'shareAddressBar':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <rect x={0} y={11} width={120} height={22} style={fill(C.surface)} />
          <rect x={8} y={15} width={86} height={14} rx={7} style={fill(C.bg)} />
          <Bar x={28} y={20} w={46} colour={C.muted} />
          <Glyph name="share" x={106} y={22} colour={C.primary} />
          <AppPage top={33} />
          <rect x={0} y={176} width={120} height={24} style={fill(C.surface)} />
          <Glyph name="back" x={14} y={188} />
          <Glyph name="forward" x={37} y={188} colour={C.border} />
          <Glyph name="plus" x={60} y={188} />
          <Glyph name="tabs" x={83} y={188} />
          <Glyph name="dots" x={106} y={188} />
          <TapCircle x={106} y={22} r={9} />
        </>
      );
    case 'menuToolbar':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <AppPage top={12} />
          <MenuBottom />
          <TapCircle x={106} y={186} r={9} />
        </>
      );
    case 'menuShare':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <AppPage top={12} />
          <MenuBottom />
          <Dim />
          <rect x={6} y={92} width={108} height={100} rx={8} style={fill(C.surface)} />
          <Glyph name="refresh" x={18} y={106} size={9} colour={C.muted} />
          <Bar x={30} y={104} w={50} />
          <Glyph name="copy" x={18} y={126} size={9} colour={C.muted} />
          <Bar x={30} y={124} w={40} />
          <Glyph name="share" x={18} y={146} size={9} colour={C.primary} />
          <Label x={30} y={146} bold>
            {t('art.share')}
          </Label>
          <Glyph name="book" x={18} y={166} size={9} colour={C.muted} />
          <Bar x={30} y={164} w={56} />
          <TapRect x={9} y={137} w={102} h={18} />
        </>
      );
    case 'shareSheet':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <AppPage top={12} />
          <Dim />
          <rect x={0} y={62} width={120} height={138} rx={10} style={fill(C.bg)} />
          <AppIcon x={8} y={70} size={14} />
          <Bar x={28} y={72} w={48} colour={C.text} h={3.5} />
          <Bar x={28} y={79} w={34} colour={C.muted} h={3} />
          {[18, 42, 66, 90].map((cx) => (
            <circle key={cx} cx={cx} cy={101} r={8} style={fill(C.border)} />
          ))}
          <rect x={6} y={116} width={108} height={76} rx={6} style={fill(C.surface)} />
          <Bar x={12} y={123} w={30} />
          <Glyph name="copy" x={104} y={125} size={9} colour={C.muted} />
          <Bar x={12} y={142} w={50} />
          <Glyph name="book" x={104} y={144} size={9} colour={C.muted} />
          <Label x={12} y={163} bold>
            {t('art.addToHome')}
          </Label>
          <Glyph name="plusSquare" x={104} y={163} size={9} colour={C.primary} />
          <Bar x={12} y={180} w={40} />
          <TapRect x={8} y={154} w={104} h={18} />
        </>
      );
    case 'confirmAdd':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <rect x={0} y={12} width={120} height={188} rx={10} style={fill(C.bg)} />
          <Label x={8} y={26} colour={C.primary}>
            {t('art.cancel')}
          </Label>
          <Bar x={46} y={24} w={28} colour={C.text} h={3.5} />
          <Label x={112} y={26} colour={C.primary} anchor="end" bold>
            {t('art.add')}
          </Label>
          <rect x={6} y={40} width={108} height={40} rx={6} style={fill(C.surface)} />
          <AppIcon x={12} y={47} size={26} />
          <Label x={44} y={55} bold>
            {appName}
          </Label>
          <rect x={44} y={61} width={64} height={0.8} style={fill(C.border)} />
          <Bar x={44} y={67} w={50} colour={C.muted} h={3} />
          <Bar x={10} y={88} w={96} h={3} />
          <Bar x={10} y={95} w={70} h={3} />
          <TapRect x={88} y={18} w={28} h={16} />
        </>
      );
    case 'homeIcon': {
      const cols = [12, 40, 68, 96];
      const rows = [22, 52, 82];
      return (
        <>
          <ScreenBase background={C.primarySoft} />
          <StatusBar />
          {rows.flatMap((y) =>
            cols.map((x, i) => (
              <rect
                key={`${x}-${y}`}
                x={x}
                y={y}
                width={18}
                height={18}
                rx={4.5}
                style={fill(i % 2 === 0 ? C.surface : C.border)}
              />
            )),
          )}
          <rect x={12} y={112} width={18} height={18} rx={4.5} style={fill(C.surface)} />
          <AppIcon x={40} y={112} size={18} />
          <Label x={49} y={137} anchor="middle" size={5.5} bold>
            {appName}
          </Label>
          <rect x={6} y={170} width={108} height={24} rx={8} style={fill(C.surface, 0.7)} />
          {cols.map((x) => (
            <rect key={x} x={x} y={173} width={18} height={18} rx={4.5} style={fill(C.border)} />
          ))}
          <TapRect x={34} y={107} w={30} h={36} />
        </>
      );
    }
    case 'inAppMenu':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <InAppTop />
          <AppPage top={33} />
          <TapCircle x={106} y={22} r={9} />
        </>
      );
    case 'openInSafari':
      return (
        <>
          <ScreenBase />
          <StatusBar />
          <InAppTop />
          <AppPage top={33} />
          <Dim />
          <rect x={24} y={34} width={90} height={76} rx={6} style={fill(C.surface)} />
          <Glyph name="refresh" x={34} y={45} size={9} colour={C.muted} />
          <Bar x={44} y={43} w={40} />
          <Glyph name="copy" x={34} y={63} size={9} colour={C.muted} />
          <Bar x={44} y={61} w={30} />
          <Glyph name="compass" x={34} y={81} size={9} colour={C.primary} />
          <Label x={44} y={81} bold size={6}>
            {t('art.openInSafari')}
          </Label>
          <Glyph name="share" x={34} y={99} size={9} colour={C.muted} />
          <Bar x={44} y={97} w={46} />
          <TapRect x={26} y={72} w={86} h={18} />
        </>
      );
  }
}

/**
 * One step's illustration: a phone screen with the place to tap marked. Decorative (the step's text says the same),
 * so it is hidden from screen readers.
 */
export function StepIllustration({
  kind,
  prefix,
  className,
}: {
  kind: IllustrationKind;
  prefix: string;
  className?: string;
}) {
  return (
    <svg
      className={className ? `${prefix}-art ${className}` : `${prefix}-art`}
      viewBox="0 0 120 200"
      aria-hidden="true"
      focusable="false"
      data-illustration={kind}
    >
      <Art kind={kind} />
    </svg>
  );
}

const BROWSER_GLYPH: Record<BrowserId, string> = {
  safari: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM15.5 8.5l-2 5-5 2 2-5z',
  chrome:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 9h8M9.4 13.5 5.5 6.8M14.6 13.5 10.7 20.8',
  firefox: 'M12 3a9 9 0 1 0 9 9M21 12c0-3-2-5-4-6 1 2 0 4-2 4-3 0-3-4-1-6-3 0-6 3-6 6a4 4 0 0 0 8 0',
  edge: 'M20.5 13A8.5 8.5 0 1 1 12 3.5c4.7 0 8.5 3 8.5 6.5 0 2.5-2 4-4.5 4-3 0-4-2-4-3.5M12 10.5c-4 0-6 2.5-6 5',
  facebook:
    'M12 3c-5 0-9 3.6-9 8.2 0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.6 9-8.2S17 3 12 3zM7 13.5l3.5-3.5 2.5 2.5 4-3.5-3.5 4-2.5-2.5z',
};

/** A simple line glyph for a browser in the picker (not the browser's trademark logo). */
export function BrowserGlyph({ browser, className }: { browser: BrowserId; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={BROWSER_GLYPH[browser]} style={line('currentColor', 1.6)} />
    </svg>
  );
}
