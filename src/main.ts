import { mount } from 'svelte';
import App from './ui/App.svelte';
import './ui/styles/global.css';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element.');

export default mount(App, { target });
