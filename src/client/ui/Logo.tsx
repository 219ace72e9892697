// The game's mark and name, drawn inline so it needs no font or image request.
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <span className="logo">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path d="M32 6 L41 21 L32 17 L23 21 Z" fill="#d4a84b" />
        <path d="M12 27 Q32 16 52 27 L47 50 Q32 59 17 50 Z" fill="#202935" stroke="#d4a84b" strokeWidth="3" />
        <path d="M26 31 V49 M26 36 L37 31 M26 42 L37 37" stroke="#f0c766" strokeWidth="3.5" fill="none" strokeLinecap="round" />
      </svg>
      <span>Vikings</span>
    </span>
  );
}
