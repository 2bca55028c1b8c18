const root = document.getElementById('player');
if (root) root.textContent = 'robot-ads player';
