export default defineUnlistedScript(() => {
  chrome.runtime.sendMessage({ type: 'x' });
});
