import type { ServiceDeps } from '../../deps';

export const publicConfig = (deps: ServiceDeps) => ({
  docs_url: deps.config.docsUrl,
  support_url: deps.config.supportUrl,
  help_email: deps.config.helpEmail,
  map_style_url: deps.config.mapStyleUrl,
  map_styles: deps.config.mapStyles,
});
