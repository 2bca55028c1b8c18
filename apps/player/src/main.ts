import './style.css';
import { ApiError, activate, OfflineError } from './api';
import { APP_VERSION, type Credentials, Player, type Status } from './player';
import { connectPush } from './push';
import { Screen } from './screen';
import * as store from './store';

const root = document.getElementById('player') as HTMLElement;
const zh = navigator.language?.toLowerCase().startsWith('zh');
const t = (en: string, cn: string) => (zh ? cn : en);

if ('serviceWorker' in navigator) {
  // The app shell is cached by the service worker so that a reload with no network still starts.
  navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' }).catch(() => undefined);
}

function showActivation(error = '') {
  root.replaceChildren();
  const form = document.createElement('form');
  form.className = 'activation';
  const params = new URLSearchParams(location.search);
  form.innerHTML = `
    <h1>${t('Activate this screen', '激活此屏幕')}</h1>
    <label>${t('Robot ID', '设备ID')}<input name="robotId" autocomplete="off" required maxlength="64"></label>
    <label>${t('Activation secret', '激活密钥')}<input name="secret" type="password" autocomplete="off" required minlength="8" maxlength="200"></label>
    <p class="error" role="alert"></p>
    <button type="submit">${t('Activate', '激活')}</button>`;
  const robotInput = form.elements.namedItem('robotId') as HTMLInputElement;
  robotInput.value = params.get('robotId') ?? '';
  const errorLine = form.querySelector('.error') as HTMLElement;
  errorLine.textContent = error;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const button = form.querySelector('button') as HTMLButtonElement;
    button.disabled = true;
    errorLine.textContent = '';
    try {
      const result = await activate(String(data.get('robotId')).trim(), String(data.get('secret')), APP_VERSION);
      const credentials: Credentials = {
        token: result.token,
        robotId: result.robotId,
        heartbeatInterval: result.heartbeatInterval,
      };
      await store.save('credentials', credentials);
      await store.remove('schedule');
      await store.remove('playback');
      startPlayer(credentials);
    } catch (e) {
      errorLine.textContent =
        e instanceof OfflineError
          ? t('No network: cannot activate now', '网络不可用，暂时无法激活')
          : e instanceof ApiError
            ? e.message
            : String(e);
      button.disabled = false;
    }
  });
  root.append(form);
  robotInput.focus();
}

function statusPanel(): { element: HTMLElement; render: (s: Status) => void } {
  const element = document.createElement('aside');
  element.className = 'status';
  element.hidden = true;
  const render = (s: Status) => {
    if (element.hidden) return;
    const rows: [string, string][] = [
      [t('Robot', '设备'), s.robotId],
      [t('Schedule version', '排期版本'), s.version ?? '-'],
      [t('Online', '在线'), s.online ? t('online', '在线') : t('offline', '离线')],
      [t('Last pull', '上次拉取'), s.lastPull ? new Date(s.lastPull * 1000).toLocaleTimeString() : '-'],
      [t('Cached files', '已缓存文件'), String(s.cached)],
      [t('Downloading', '下载中'), s.downloading ? `${s.downloading.done}/${s.downloading.total}` : '-'],
    ];
    element.replaceChildren();
    const dl = document.createElement('dl');
    for (const [k, v] of rows) {
      const dt = document.createElement('dt');
      dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = v;
      dd.dataset.field = k;
      dl.append(dt, dd);
    }
    const queueTitle = document.createElement('h2');
    queueTitle.textContent = t('Queue', '播放队列');
    const queue = document.createElement('ol');
    for (const q of s.queue) {
      const li = document.createElement('li');
      li.textContent = q.name;
      queue.append(li);
    }
    if (s.queue.length === 0) {
      const li = document.createElement('li');
      li.textContent = t('nothing to play now', '当前无可播放内容');
      queue.append(li);
    }
    element.append(dl, queueTitle, queue);
    if (s.message) {
      const p = document.createElement('p');
      p.textContent = s.message;
      element.append(p);
    }
  };
  return { element, render };
}

let current: { player: Player; disconnect: () => void } | null = null;

function startPlayer(credentials: Credentials) {
  current?.player.stop();
  current?.disconnect();
  root.replaceChildren();
  root.classList.add('playing-root');
  const screen = new Screen(root);
  const panel = statusPanel();
  root.append(panel.element);
  const player = new Player(screen, credentials);
  player.onStatus = (s) => {
    root.dataset.online = String(s.online);
    root.dataset.version = s.version ?? '';
    panel.render(s);
  };
  player.onRevoked = async () => {
    current?.disconnect();
    await store.remove('credentials');
    root.classList.remove('playing-root');
    showActivation(t('This screen must be activated again', '此屏幕需要重新激活'));
  };
  document.onkeydown = (event) => {
    // Any of these keys shows or hides the status overlay (S, I, F2 or the remote's info key).
    if (['s', 'S', 'i', 'I', 'F2', 'Info'].includes(event.key)) {
      panel.element.hidden = !panel.element.hidden;
      panel.render(player.status());
    }
  };
  const disconnect = connectPush(credentials.token, () => player.collectNow());
  current = { player, disconnect };
  void player.start();
}

async function boot() {
  const credentials = await store.load<Credentials>('credentials').catch(() => undefined);
  if (credentials?.token) startPlayer(credentials);
  else showActivation();
}

void boot();
