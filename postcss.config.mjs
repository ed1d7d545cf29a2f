/** PostCSS runs Tailwind CSS 4; the design tokens live in tailwind.config.ts (loaded by app/globals.css via @config). */
const config = {
  plugins: {
    '@tailwindcss/postcss': {},
  },
};

export default config;
