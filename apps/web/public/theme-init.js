// Applies the saved theme before first paint so dark-mode users never see a light flash.
// Mirrors src/components/theme-provider.tsx (same storage key, same values, default "system");
// the React provider takes over once the app has loaded.
(function () {
  var root = document.documentElement;
  try {
    var stored = window.localStorage.getItem('vite-ui-theme');
    var theme = stored === 'light' || stored === 'dark' ? stored : 'system';
    if (theme === 'system') {
      theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    root.classList.add(theme);
  } catch (error) {
    // Storage can be blocked (privacy modes); fall back to the light theme rather than failing.
    root.classList.add('light');
  }
})();
