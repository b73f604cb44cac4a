import { render } from 'preact';
import './styles.css';
import { App } from './app';

const root = document.getElementById('console');
if (root) render(<App />, root);
