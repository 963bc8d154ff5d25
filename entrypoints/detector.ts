// Registered as a content script in wxt.config.ts; wired in the extension issue.
export default defineUnlistedScript(() => {});
