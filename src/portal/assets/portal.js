// The portal's only script (progressive: every page works without it): "Copy" buttons copy
// the text of the element named by data-copy.
document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
  if (!button) return;
  const text = document.getElementById(button.getAttribute('data-copy'))?.textContent ?? '';
  navigator.clipboard.writeText(text).then(
    () => { button.textContent = 'Copied'; },
    () => { button.textContent = 'Select and copy'; },
  );
});
