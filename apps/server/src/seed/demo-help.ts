import type { TLanguage } from '@mip/shared';
import type { TDatabase } from '../db/database.ts';
import { helpArticles } from '../db/schema/index.ts';
import { sanitizeRichHtml } from '../lib/rich-html.ts';

type TExecutor = Pick<TDatabase, 'insert'>;

interface TDemoArticle {
  url: string;
  language: TLanguage;
  title: string;
  category: string;
  contents: string;
}

/** The help a newcomer meets first: the map, the user list and the GTFS import, in both languages. */
export const DEMO_HELP_ARTICLES: TDemoArticle[] = [
  {
    url: '/',
    language: 'pt-PT',
    title: 'O mapa',
    category: 'Mapa',
    contents: `<p>O mapa mostra a rede de transportes, as ocorrências atuais e futuras e, quando ativo, o trânsito.</p>
<h2>Escolher o que ver</h2>
<ul>
<li><p>Abra o painel de filtros ao lado da caixa de pesquisa e marque os grupos de sistemas, as ocorrências ou o trânsito.</p></li>
<li><p>Nas ocorrências, o botão de definições filtra por categoria, prioridade e data.</p></li>
<li><p>O seletor de tipo de mapa troca o mapa base pelas camadas extra, quando existem.</p></li>
</ul>
<h2>Consultar um sistema ou uma ocorrência</h2>
<p>Clique numa paragem, numa linha ou numa ocorrência para abrir o respetivo cartão: horários, fotografias, documentos e ocorrências que a afetam. No telemóvel o cartão abre em baixo e pode ser arrastado.</p>
<table><tbody>
<tr><th><p>Cor</p></th><th><p>Significado</p></th></tr>
<tr><td><p>Laranja</p></td><td><p>Ocorrência atual</p></td></tr>
<tr><td><p>Vermelho</p></td><td><p>Ocorrência futura</p></td></tr>
</tbody></table>
<p>Viu algum problema na via? Use <strong>Reportar ocorrência</strong>: a equipa responsável recebe o seu pedido.</p>`,
  },
  {
    url: '/',
    language: 'en-US',
    title: 'The map',
    category: 'Map',
    contents: `<p>The map shows the transport network, current and future incidents and, when enabled, road traffic.</p>
<h2>Choosing what to see</h2>
<ul>
<li><p>Open the filter panel beside the search box and tick the groups of systems, the incidents or the traffic.</p></li>
<li><p>For incidents, the settings button filters by category, priority and date.</p></li>
<li><p>The map-type selector swaps the base map for the extra layers, when there are any.</p></li>
</ul>
<h2>Looking at a system or an incident</h2>
<p>Click a stop, a line or an incident to open its card: timetables, photos, documents and the incidents that affect it. On a phone the card opens at the bottom and can be dragged.</p>
<table><tbody>
<tr><th><p>Colour</p></th><th><p>Meaning</p></th></tr>
<tr><td><p>Orange</p></td><td><p>Current incident</p></td></tr>
<tr><td><p>Red</p></td><td><p>Future incident</p></td></tr>
</tbody></table>
<p>Seen a problem on the road? Use <strong>Report an occurrence</strong>: the team in charge gets your report.</p>`,
  },
  {
    url: '/user',
    language: 'pt-PT',
    title: 'Utilizadores',
    category: 'A minha entidade',
    contents: `<p>A lista mostra os utilizadores das entidades que pode ver.</p>
<h2>Encontrar um utilizador</h2>
<ul>
<li><p>Escreva parte do nome ou do email na caixa de pesquisa.</p></li>
<li><p>Abra os filtros para escolher a entidade (e as suas subentidades), o tipo, o perfil ou o estado.</p></li>
<li><p>Clique no título de uma coluna para ordenar. Os filtros e a página mantêm-se quando volta atrás.</p></li>
</ul>
<h2>Criar um utilizador</h2>
<ol>
<li><p>Clique em <strong>Adicionar utilizador</strong>.</p></li>
<li><p>Indique o nome, o email, a entidade e o perfil.</p></li>
<li><p>Ao guardar, o utilizador recebe um email para escolher a palavra-passe e ativar a conta.</p></li>
</ol>
<p>Desativar um utilizador termina as suas sessões abertas.</p>`,
  },
  {
    url: '/user',
    language: 'en-US',
    title: 'Users',
    category: 'My entity',
    contents: `<p>The list shows the users of the entities you may see.</p>
<h2>Finding a user</h2>
<ul>
<li><p>Type part of the name or email in the search box.</p></li>
<li><p>Open the filters to choose the entity (and its sub-entities), the type, the role or the status.</p></li>
<li><p>Click a column heading to sort. The filters and the page are kept when you go back.</p></li>
</ul>
<h2>Creating a user</h2>
<ol>
<li><p>Click <strong>Add user</strong>.</p></li>
<li><p>Fill in the name, email, entity and role.</p></li>
<li><p>On saving, the user gets an email to choose a password and activate the account.</p></li>
</ol>
<p>Deactivating a user ends their open sessions.</p>`,
  },
  {
    url: '/import-gtfs',
    language: 'pt-PT',
    title: 'Importar um ficheiro GTFS',
    category: 'Sistemas',
    contents: `<p>Um ficheiro GTFS (zip) traz as paragens, as linhas e os horários de uma rede de transportes públicos.</p>
<ol>
<li><p>Escolha o grupo de sistemas que recebe a rede e o ficheiro zip, e clique em <strong>Carregar e verificar</strong>.</p></li>
<li><p>Leia o relatório da verificação: cada problema indica o ficheiro, a linha e o campo.</p></li>
<li><p>Se o ficheiro não tiver erros, clique em <strong>Importar</strong>. A barra de progresso continua mesmo que feche a página.</p></li>
</ol>
<p>Nada muda até confirmar. Se a importação falhar ou for cancelada, o grupo mantém o horário anterior. Mais sobre o formato em <a href="https://gtfs.org/pt/documentation/schedule/reference/" target="_blank" rel="noopener noreferrer nofollow">gtfs.org</a>.</p>`,
  },
  {
    url: '/import-gtfs',
    language: 'en-US',
    title: 'Importing a GTFS feed',
    category: 'Systems',
    contents: `<p>A GTFS feed (zip) holds the stops, lines and timetables of a public transport network.</p>
<ol>
<li><p>Choose the group of systems that receives the network and the zip file, then click <strong>Upload and check</strong>.</p></li>
<li><p>Read the check's report: each problem names the file, the line and the field.</p></li>
<li><p>When the feed has no errors, click <strong>Import</strong>. The progress bar carries on even if you close the page.</p></li>
</ol>
<p>Nothing changes until you confirm. Should the import fail or be cancelled, the group keeps its previous timetable. More about the format at <a href="https://gtfs.org/documentation/schedule/reference/" target="_blank" rel="noopener noreferrer nofollow">gtfs.org</a>.</p>`,
  },
];

/** First run only, inside the demo data's transaction. */
export async function seedDemoHelp(tx: TExecutor, adminUserId: number): Promise<void> {
  await tx.insert(helpArticles).values(
    DEMO_HELP_ARTICLES.map((article) => ({
      ...article,
      contents: sanitizeRichHtml(article.contents),
      updatedByUserId: adminUserId,
    })),
  );
}
