import { StrokeSvg, type IconProps } from "./stroke-svg";

// lucide v1 dropped brand icons; these are drawn in the same 24px stroke style.

export function FacebookIcon(props: IconProps) {
  return <StrokeSvg {...props} shapes={<path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />} />;
}

export function InstagramIcon(props: IconProps) {
  return (
    <StrokeSvg
      {...props}
      shapes={
        <>
          <rect x="2" y="2" width="20" height="20" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
        </>
      }
    />
  );
}
