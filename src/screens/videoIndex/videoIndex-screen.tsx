/**
 * /videoIndex: a "video" guide without a video file. A phone-shaped frame shows one illustrated step at a time and
 * moves on every few seconds, with play/pause, previous/next, a progress bar, captions and a replay at the end.
 * Everything moves with CSS animations; with `prefers-reduced-motion` nothing advances on its own.
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '#src/router.ts';
import { product } from '#src/config.ts';
import { useChosenBrowser, useReducedMotion } from '../addDeskTopBrowser/a2hs-hooks.ts';
import {
  A2HS_PATHS,
  browserHref,
  stepKey,
  stepsFor,
  VIDEO_STEP_MS,
  type BrowserId,
} from '../addDeskTopBrowser/browsers.ts';
import { StepIllustration } from '../addDeskTopBrowser/step-art.tsx';
import './videoIndex.page.css';

const P = 'videoIndex';
const appName = product.shortName ?? product.displayName;

export default function VideoIndexScreen() {
  const { t } = useTranslation('a2hs');
  const { browser } = useChosenBrowser();
  return (
    <div className={`page ${P}`}>
      <h2 className="section-title">{t('video.title', { name: appName, browser: t(`browsers.${browser}`) })}</h2>
      {/* A new browser starts a new walkthrough from its first step. */}
      <Player key={browser} browser={browser} />
      <div className={`${P}-links`}>
        <Link to={browserHref(A2HS_PATHS.guide, browser)} className="btn btn-block">
          {t('video.guideLink')}
        </Link>
        <Link to={browserHref(A2HS_PATHS.tutorial, browser)} className="btn btn-primary btn-block">
          {t('video.tutorialLink')}
        </Link>
      </div>
    </div>
  );
}

function Player({ browser }: { browser: BrowserId }) {
  const { t } = useTranslation('a2hs');
  const reducedMotion = useReducedMotion();
  const steps = stepsFor(browser);
  const last = steps.length - 1;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !reducedMotion);
  const [finished, setFinished] = useState(false);
  /** Bumped on replay so the step's CSS animations start again even on the same step. */
  const [run, setRun] = useState(0);
  /** Time left on the current step; kept across a pause so the timer and the CSS progress stay together. */
  const remaining = useRef(VIDEO_STEP_MS);
  const startedAt = useRef(0);
  const autoPlay = playing && !reducedMotion && !finished;

  const goTo = useCallback((next: number) => {
    remaining.current = VIDEO_STEP_MS;
    setFinished(false);
    setIndex(next);
  }, []);

  const finish = useCallback(() => {
    remaining.current = VIDEO_STEP_MS;
    setFinished(true);
    setPlaying(false);
  }, []);

  useEffect(() => {
    if (!autoPlay) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => {
      if (index < last) goTo(index + 1);
      else finish();
    }, remaining.current);
    return () => window.clearTimeout(timer);
  }, [autoPlay, index, last, run, goTo, finish]);

  const pause = () => {
    if (autoPlay) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    setPlaying(false);
  };
  const replay = () => {
    goTo(0);
    setRun((r) => r + 1);
    setPlaying(!reducedMotion);
  };
  const play = () => {
    if (finished) replay();
    else setPlaying(true);
  };
  const next = () => {
    if (index < last) goTo(index + 1);
    else finish();
  };
  const previous = () => {
    if (finished) goTo(last);
    else if (index > 0) goTo(index - 1);
  };

  const step = steps[index] ?? steps[0];
  if (!step) return null;
  const showPlaying = autoPlay;
  const playerClass = [
    `${P}-player`,
    showPlaying ? 'is-playing' : 'is-paused',
    reducedMotion ? 'is-reduced' : '',
    finished ? 'is-finished' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const durationStyle = { [`--${P}-step-duration`]: `${VIDEO_STEP_MS}ms` } as CSSProperties;

  return (
    <section
      className={playerClass}
      aria-label={t('video.player')}
      style={durationStyle}
      data-step={step.id}
      data-index={index}
    >
      <div
        className={`${P}-progress`}
        role="progressbar"
        aria-label={t('video.progressLabel')}
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={finished ? steps.length : index + 1}
        aria-valuetext={t('video.progress', { current: index + 1, total: steps.length })}
      >
        {steps.map((s, i) => {
          const state = finished || i < index ? 'is-done' : i === index ? 'is-active' : '';
          return (
            <span key={s.id} className={state ? `${P}-segment ${state}` : `${P}-segment`}>
              <span key={i === index ? `${index}-${run}` : 'idle'} className={`${P}-segment-fill`} />
            </span>
          );
        })}
      </div>

      <div className={`${P}-phone`}>
        <span className={`${P}-notch`} aria-hidden="true" />
        <div key={`${index}-${run}`} className={`${P}-screen`}>
          <StepIllustration kind={step.illustration} prefix={P} />
        </div>
        {finished && (
          <div className={`${P}-end`}>
            <p>{t('video.finished', { name: appName })}</p>
            <button type="button" className="btn btn-primary" onClick={replay}>
              {t('video.replay')}
            </button>
          </div>
        )}
      </div>

      <div className={`${P}-caption`} aria-live="polite">
        <span className={`${P}-caption-count`}>{t('video.progress', { current: index + 1, total: steps.length })}</span>
        <p className={`${P}-caption-text`}>{t(stepKey(browser, step), { name: appName })}</p>
      </div>

      <div className={`${P}-controls`}>
        <button
          type="button"
          className={`${P}-control`}
          onClick={previous}
          disabled={index === 0 && !finished}
          aria-label={t('video.previous')}
        >
          <ControlGlyph name="previous" />
        </button>
        {!reducedMotion && (
          <button
            type="button"
            className={`${P}-control ${P}-control-main`}
            onClick={showPlaying ? pause : play}
            aria-label={showPlaying ? t('video.pause') : t('video.play')}
          >
            <ControlGlyph name={showPlaying ? 'pause' : 'play'} />
          </button>
        )}
        <button
          type="button"
          className={`${P}-control`}
          onClick={next}
          disabled={finished}
          aria-label={t('video.next')}
        >
          <ControlGlyph name="next" />
        </button>
      </div>
      {reducedMotion && <p className="muted">{t('video.reducedMotion')}</p>}
    </section>
  );
}

const CONTROL_PATHS = {
  previous: 'M18 5 9 12l9 7zM6 5v14',
  next: 'M6 5l9 7-9 7zM18 5v14',
  play: 'M7 4l13 8-13 8z',
  pause: 'M7 5h3v14H7zM14 5h3v14h-3z',
} as const;

function ControlGlyph({ name }: { name: keyof typeof CONTROL_PATHS }) {
  return (
    <svg className={`${P}-control-glyph`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={CONTROL_PATHS[name]}
        fill="currentColor"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
