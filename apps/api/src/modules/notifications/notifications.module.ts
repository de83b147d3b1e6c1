// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { notificationsRoutes } from './notifications.routes.js';
export { NotificationsService } from './notifications.service.js';
export { notificationStrings } from './notifications.strings.js';
export { postToSmsGateway, SmsGatewayChannel, type SmsGatewaySettings, WechatTemplateChannel } from './outbound.js';
