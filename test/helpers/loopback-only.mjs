// Loaded with --import into a tool that offers no choice of listening address (netlify-cli's `dev` listens
// on every interface): a server that names no host listens on 127.0.0.1 only, as every server a test starts must.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (first !== null && typeof first === 'object' && first.path === undefined && first.host === undefined) args[0] = { ...first, host: '127.0.0.1' };
  else if ((typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};
