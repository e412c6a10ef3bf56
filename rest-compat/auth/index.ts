export { authServletRoutes, sendAuthServletError } from './auth-servlet-routes.js';
